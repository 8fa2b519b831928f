import { z } from 'zod';

/**
 * Zod compiles object schemas with `new Function` where a page allows it, and finds out by trying once.
 * The web app's CSP allows no eval, so the browser refuses the try and reports a CSP issue on every page
 * (Lighthouse counts it against best practices). The web app calls this before its first parse: zod then
 * never tries, and parses as it does when eval is refused. The server keeps the compiled, faster parsers.
 */
export function parseWithoutCompiling(): void {
  z.config({ jitless: true });
}
