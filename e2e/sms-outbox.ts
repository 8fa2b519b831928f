import path from 'node:path';
import { readJsonLines } from './json-lines.ts';

/**
 * The server under test routes SMS by destination (playwright.config.ts): Nepali numbers to its outbox file
 * (DATA_DIR/sms-outbox.jsonl), every other number through the Twilio stand-in, which keeps what it carried
 * in DATA_DIR/stand-ins/twilio-sms.jsonl. Both hold one JSON line per message, `{ to, text, sent_at }`; the
 * helpers below read both, so a code reaches a test whichever way it went. The data folder is the one
 * playwright.config.ts gives the server.
 */
const dataDirectory =
  process.env.E2E_DATA_DIR ?? path.join('/tmp', `puja-e2e-${Number(process.env.E2E_PORT ?? 3100)}`);
export const SMS_OUTBOX_FILE = path.join(dataDirectory, 'sms-outbox.jsonl');
export const TWILIO_STAND_IN_FILE = path.join(dataDirectory, 'stand-ins', 'twilio-sms.jsonl');

interface OutboxMessage {
  to: string;
  text: string;
  sent_at: string;
}

const readMessages = (file: string) => readJsonLines<OutboxMessage>(file);

/** Every SMS sent so far, through the outbox or the Twilio stand-in, oldest first. */
async function readOutbox(): Promise<OutboxMessage[]> {
  const messages = [...(await readMessages(SMS_OUTBOX_FILE)), ...(await readMessages(TWILIO_STAND_IN_FILE))];
  return messages.sort((a, b) => Date.parse(a.sent_at) - Date.parse(b.sent_at));
}

/** The texts the Twilio stand-in carried to `to` (E.164), oldest first: proof an SMS went through Twilio. */
export async function textsThroughTwilio(to: string): Promise<string[]> {
  return (await readMessages(TWILIO_STAND_IN_FILE))
    .filter((message) => message.to === to)
    .map((message) => message.text);
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
    if (Date.now() > deadline)
      throw new Error(`No sign-in code for ${to} in ${SMS_OUTBOX_FILE} or ${TWILIO_STAND_IN_FILE}`);
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
