/**
 * Query values that must not reach the logs: a signed photo link's signature (it would open the photo to
 * anyone reading the logs until it expires), eSewa's signed `data`, a token, a payer's phone.
 */
const SECRET_QUERY_NAMES = new Set(['signature', 'data', 'token', 'mobile', 'otp']);

export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const query = new URLSearchParams(url.slice(question + 1));
  let changed = false;
  for (const name of [...query.keys()]) {
    if (SECRET_QUERY_NAMES.has(name.toLowerCase())) {
      query.set(name, 'redacted');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, question)}?${query}` : url;
}

/** Pino's request serializer, as Fastify's own but with the URL redacted. */
export function serializeRequest(request: {
  method: string;
  url: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host ?? request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
