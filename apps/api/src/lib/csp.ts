/** The policy of one HTML answer: the shared policy, with this answer's nonce allowed for <style> tags. */
export function withStyleNonce(policy: string, nonce: string): string {
  const withNonce = policy.replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`);
  if (withNonce === policy) throw new Error('The Content-Security-Policy has no style-src to add a nonce to');
  return withNonce;
}
