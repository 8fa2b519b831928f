import path from 'node:path';
import { readJsonLines } from './json-lines.ts';

/**
 * The pushes the server under test sent to the local push service (playwright.config.ts,
 * apps/api/test/stand-ins/e2e-stand-ins.ts): one JSON line per push in DATA_DIR/stand-ins/push.jsonl, with
 * the request's headers and its body in base64. `readPush` (push-stand-in.ts) then does what the
 * subscribing browser would: checks the VAPID JWT and decrypts the payload.
 */
const dataDirectory =
  process.env.E2E_DATA_DIR ?? path.join('/tmp', `puja-e2e-${Number(process.env.E2E_PORT ?? 3100)}`);
export const PUSH_STAND_IN_FILE = path.join(dataDirectory, 'stand-ins', 'push.jsonl');
const port = Number(process.env.E2E_PORT ?? 3100);
/** The push service's origin, as WEB_PUSH_SERVICES allows it for the server under test. */
export const PUSH_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PUSH_PORT ?? port + 4)}`;

interface StoredPush {
  path: string;
  headers: Record<string, string>;
  body: string;
  received_at: string;
}

/** The pushes to `pushPath` (the subscription's endpoint path), waiting until there are `count` of them. */
export async function waitForPushes(pushPath: string, count = 1, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readJsonLines<StoredPush>(PUSH_STAND_IN_FILE)).filter(
      (push) => push.path === pushPath,
    );
    if (found.length >= count)
      return found.map((push) => ({
        path: push.path,
        headers: push.headers,
        body: Buffer.from(push.body, 'base64'),
      }));
    if (Date.now() > deadline) throw new Error(`${found.length} of ${count} pushes to ${pushPath} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
