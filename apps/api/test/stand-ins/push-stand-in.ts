import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A browser's push service, played locally (docs/decisions/041): it records each push request with its
 * bytes and answers 201, or what the test sets for an endpoint (410: the browser dropped the
 * subscription). Chromium's own push service is out of reach offline, so this is what proves the
 * server's request: `readPush` checks its VAPID JWT and decrypts its payload as a browser would.
 */
export interface RecordedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export async function startPushStandIn(
  options: { port?: number; onPush?: (push: RecordedPush) => void } = {},
) {
  const pushes: RecordedPush[] = [];
  const answers = new Map<string, number>();
  const server = http.createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const path = incoming.url ?? '';
    const push = { path, headers: incoming.headers, body: Buffer.concat(chunks) };
    pushes.push(push);
    options.onPush?.(push);
    outgoing.writeHead(answers.get(path) ?? 201).end();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    pushes,
    /** From now on, requests to `path` are answered `status`. */
    answer: (path: string, status: number) => answers.set(path, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, as `PushManager` makes them. */
export function browserKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/**
 * What a browser does with a push: checks the VAPID JWT (ES256, signed by the key in `k`, for this
 * origin, not expired) and decrypts the aes128gcm payload with its own keys (RFC 8291). Throws when
 * either fails.
 */
export function readPush(push: RecordedPush, origin: string, keys: ReturnType<typeof browserKeys>) {
  const authorization = String(push.headers.authorization ?? '');
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const serverKey = Buffer.from(k, 'base64url');
  const verifier = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: serverKey.subarray(1, 33).toString('base64url'),
      y: serverKey.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: verifier, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the VAPID JWT’s signature does not verify');
  const jwtHeader = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string };
  const jwtClaims = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (jwtHeader.alg !== 'ES256') throw new Error(`JWT algorithm ${jwtHeader.alg}`);
  if (jwtClaims.aud !== origin) throw new Error(`JWT audience ${jwtClaims.aud}, not ${origin}`);
  if (jwtClaims.exp * 1000 < Date.now()) throw new Error('JWT expired');
  if (push.headers['content-encoding'] !== 'aes128gcm') throw new Error('payload not aes128gcm');

  // RFC 8188's header: salt (16), record size (4), key id length (1), key id (the sender's public key).
  const salt = push.body.subarray(0, 16);
  const idLength = push.body[20]!;
  const senderKey = push.body.subarray(21, 21 + idLength);
  const ciphertext = push.body.subarray(21 + idLength);
  const browserPublic = keys.ecdh.getPublicKey();
  const secret = keys.ecdh.computeSecret(senderKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), browserPublic, senderKey]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', secret, keys.auth, info, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then any padding zeros.
  const end = padded.lastIndexOf(2);
  return {
    claims: jwtClaims,
    serverKey: k,
    message: JSON.parse(padded.subarray(0, end).toString('utf8')) as {
      title: string;
      body: string;
      url: string;
    },
  };
}
