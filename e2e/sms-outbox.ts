import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The server under test delivers SMS to its outbox file (DATA_DIR/sms-outbox.jsonl, one JSON line per
 * message). The data folder is the one playwright.config.ts gives the server.
 */
const dataDirectory =
  process.env.E2E_DATA_DIR ?? path.join('/tmp', `puja-e2e-${Number(process.env.E2E_PORT ?? 3100)}`);
export const SMS_OUTBOX_FILE = path.join(dataDirectory, 'sms-outbox.jsonl');

interface OutboxMessage {
  to: string;
  text: string;
  sent_at: string;
}

async function readOutbox(): Promise<OutboxMessage[]> {
  const text = await readFile(SMS_OUTBOX_FILE, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as OutboxMessage);
}

/**
 * The newest sign-in code texted to `to` (E.164, e.g. '+9779800000003') at or after `since`, waiting
 * briefly for it to arrive.
 */
export async function waitForSignInCode(to: string, since: Date, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = (await readOutbox()).filter(
      (message) => message.to === to && Date.parse(message.sent_at) >= since.getTime(),
    );
    const code = /\b(\d{6})\b/.exec(messages.at(-1)?.text ?? '')?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No sign-in code for ${to} in ${SMS_OUTBOX_FILE}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The texts sent so far to `to` (E.164) about the order numbered `orderNumber`: every notice about an
 * order starts with its number (docs/decisions/010). Notices go out through the job queue, so callers poll.
 */
export async function noticesAbout(to: string, orderNumber: string): Promise<string[]> {
  return (await readOutbox())
    .filter((message) => message.to === to && message.text.startsWith(`${orderNumber}: `))
    .map((message) => message.text);
}

/** Every text sent so far to `to` (E.164), oldest first; notices go out through the job queue, so callers poll. */
export async function textsTo(to: string): Promise<string[]> {
  return (await readOutbox()).filter((message) => message.to === to).map((message) => message.text);
}
