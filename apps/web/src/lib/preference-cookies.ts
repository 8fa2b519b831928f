/**
 * The browser's remembered choices (the language, `lang`; the currency, `currency`): cookies rather than
 * local storage, so the server can render a page with them too. A year, every path, sent with top-level
 * navigations.
 */
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** A cookie's value from a `Cookie` header (or `document.cookie`) when `accept` takes it, else null. */
export function readPreferenceCookie<T extends string>(
  cookieHeader: string,
  cookieName: string,
  accept: (value: string) => value is T,
): T | null {
  for (const pair of cookieHeader.split(';')) {
    const [name, ...rest] = pair.trim().split('=');
    if (name !== cookieName) continue;
    const value = decodeURIComponent(rest.join('='));
    if (accept(value)) return value;
  }
  return null;
}

export function writePreferenceCookie(cookieName: string, value: string): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and not in every browser.
  document.cookie = `${cookieName}=${encodeURIComponent(value)}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}
