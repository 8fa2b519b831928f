/** The policy of one HTML answer: the shared policy, with this answer's nonce allowed for <style> tags. */
export function withStyleNonce(policy: string, nonce: string): string {
  const withNonce = policy.replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`);
  if (withNonce === policy) throw new Error('The Content-Security-Policy has no style-src to add a nonce to');
  return withNonce;
}

/**
 * The policy of a server-rendered page: as `withStyleNonce`, and style attributes allowed, because the UI
 * library writes its per-component CSS variables as `style="…"` in the markup (a browser-rendered page sets
 * them through the DOM, which the policy does not govern). <style> elements and scripts stay nonce- or
 * file-only; an attribute can only restyle its own element, and React escapes every value it writes there
 * (docs/decisions/017).
 */
export function forRenderedPage(policy: string, nonce: string): string {
  return `${withStyleNonce(policy, nonce)}; style-src-attr 'unsafe-inline'`;
}
