import { buildHeaders, fetchFromApi, type RequestOptions } from './api-client.ts';
import { getSession } from './session.ts';

// Apart from api-client.ts, so that only the pages that download files load it, never the first page.

/** How long a downloaded file's object URL is kept: the browser has started saving it well before. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/**
 * The file name a `Content-Disposition` header gives (`filename*=UTF-8''…` first, then `filename="…"`),
 * or null when it gives none.
 */
export function fileNameOf(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const encoded = /filename\*\s*=\s*utf-8''([^;]+)/i.exec(contentDisposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // Badly encoded: the plain name below, if any, is the next best.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(contentDisposition);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name ? name : null;
}

/**
 * Downloads a file the API only gives a signed-in person (a receipt, a CSV export): fetched with the same
 * headers as every call, token included, then saved under the name the server gives (or `fallbackName`)
 * through a temporary link. A plain link could not send the token, which lives in local storage. Fails
 * like `apiRequest`, with an `ApiError`; resolves with the name the file was saved under.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  options: Pick<RequestOptions, 'signal'> = {},
): Promise<string> {
  const token = getSession().token;
  const response = await fetchFromApi(
    path,
    { method: 'GET', headers: buildHeaders(token, '*/*'), signal: options.signal },
    { token, expireSessionOn401: true },
  );

  const name = fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked later, not at once: some browsers read the object URL after click() has returned.
    setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  }
  return name;
}
