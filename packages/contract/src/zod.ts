import { z } from 'zod';

/**
 * The one `z` of the contract's modules. In a browser zod must not compile its parsers with `new Function`:
 * it finds out whether it may by trying, when an object schema is built, and the web app's CSP (no eval)
 * refuses the try, which the browser reports as a CSP issue on every page. Every contract module takes `z`
 * from here, so the setting is made before the first schema is; the server keeps the compiled parsers.
 */
if ('window' in globalThis) z.config({ jitless: true });

export { z };
