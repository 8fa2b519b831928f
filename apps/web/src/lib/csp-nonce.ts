/** The literal text the server swaps for a fresh nonce on every request for index.html. */
const NONCE_MARKER = '__CSP_NONCE__';

/**
 * Mantine injects <style> tags at run time; under the production CSP (`style-src 'self' 'nonce-…'`) they
 * only apply when they carry the nonce the server put in the page. The Vite dev server serves the marker
 * unreplaced, and no CSP, so then there is no nonce to use.
 */
export function readCspNonce(doc: Document = document): string | undefined {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return content && content !== NONCE_MARKER ? content : undefined;
}
