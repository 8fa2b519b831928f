/**
 * The `redirect` query names where to go after signing in. Only paths on this site are followed:
 * `//evil.example` and `https://…` would turn the login page into an open redirect.
 */
export function safeRedirectTarget(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
