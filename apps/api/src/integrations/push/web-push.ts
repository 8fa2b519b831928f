import webpush from 'web-push';

/** A device's subscription as its browser gave it (docs/decisions/041). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker shows: a title, a line, and the page a tap opens. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or an https address the push services may contact about our messages. */
  subject: string;
}

/** Sends one notification. `gone`: the push service says the device dropped the subscription (404, 410). */
export type PushSender = (target: PushTarget, message: PushMessage) => Promise<'sent' | 'gone'>;

export class PushDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PushDeliveryError';
  }
}

/** A push service that does not answer is given up on, so a job does not hold a worker. */
const PUSH_TIMEOUT_MS = 15_000;

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and the payload encrypted to the browser's keys (RFC 8291,
 * aes128gcm). The `web-push` package signs the JWT and encrypts; the request itself goes through `fetch`,
 * with a time limit, so a job never hangs on a push service.
 */
export function createPushSender(keys: VapidKeys): PushSender {
  return async (target, message) => {
    const request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(message),
      {
        vapidDetails: keys,
        // A day: a notice about an order is still worth showing when the phone comes back on.
        TTL: 24 * 60 * 60,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
    let response: Response;
    try {
      response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? undefined,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PushDeliveryError('the push service could not be reached', { cause: error });
    }
    await response.arrayBuffer().catch(() => undefined);
    if (response.status === 404 || response.status === 410) return 'gone';
    if (!response.ok) throw new PushDeliveryError(`the push service answered ${response.status}`);
    return 'sent';
  };
}

/** A key pair for development and tests; production sets VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}

/**
 * Whether the server sends to this endpoint. The address comes from a browser, so only the push services
 * browsers use (host names, or `.suffix` for a family of hosts) are called over https; an entry with a
 * scheme (`http://127.0.0.1:4010`) allows that one origin, for a test's stand-in. Nothing else is ever
 * requested, so a subscription cannot make the server call an address of its choosing.
 */
export function isAllowedPushEndpoint(endpoint: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  return allowed.some((entry) => {
    if (entry.includes('://')) return url.origin === entry.replace(/\/+$/, '');
    if (url.protocol !== 'https:' || url.port !== '') return false;
    return entry.startsWith('.') ? url.hostname.endsWith(entry) : url.hostname === entry;
  });
}
