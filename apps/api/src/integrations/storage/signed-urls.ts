import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Private files (completion photos) are reached only through short-lived signed URLs that the API hands
 * to people allowed to see them: the link works in a new tab without a bearer header, and stops working.
 */
export function createUrlSigner(key: Uint8Array, lifetimeSeconds = 15 * 60) {
  const sign = (path: string, expires: number) =>
    createHmac('sha256', key).update(`${path}\n${expires}`).digest('base64url');
  return {
    sign(path: string, now = Date.now()): string {
      const expires = Math.floor(now / 1000) + lifetimeSeconds;
      return `${path}?expires=${expires}&signature=${sign(path, expires)}`;
    },
    verify(path: string, expires: number, signature: string, now = Date.now()): boolean {
      if (!Number.isSafeInteger(expires) || expires < Math.floor(now / 1000)) return false;
      const expected = Buffer.from(sign(path, expires));
      const received = Buffer.from(signature);
      return expected.length === received.length && timingSafeEqual(expected, received);
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
