import path from 'node:path';
import { readJsonLines } from './json-lines.ts';

/**
 * The e-mails the server under test sent, as the stand-in SMTP server received them (playwright.config.ts,
 * apps/api/test/stand-ins/e2e-stand-ins.ts): one JSON line per message in DATA_DIR/stand-ins/email.jsonl.
 */
const dataDirectory =
  process.env.E2E_DATA_DIR ?? path.join('/tmp', `puja-e2e-${Number(process.env.E2E_PORT ?? 3100)}`);
export const EMAIL_STAND_IN_FILE = path.join(dataDirectory, 'stand-ins', 'email.jsonl');

export interface ReceivedEmail {
  to: string;
  from: string | null;
  subject: string;
  text: string;
  html: string;
  language: string | null;
  /** `text` for text attachments (the .ics), not for PDFs. */
  attachments: { filename: string | null; contentType: string; size: number; text?: string }[];
  received_at: string;
}

const readInbox = () => readJsonLines<ReceivedEmail>(EMAIL_STAND_IN_FILE);

/**
 * The first e-mail to `to` whose subject matches, waiting for it: e-mails go out through the job queue,
 * within seconds of the change they report.
 */
export async function waitForEmail(to: string, subject: RegExp, timeoutMs = 20_000): Promise<ReceivedEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readInbox()).find((mail) => mail.to === to && subject.test(mail.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} with a subject like ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Every e-mail to `to` received so far (none: an empty list). */
export async function emailsTo(to: string): Promise<ReceivedEmail[]> {
  return (await readInbox()).filter((mail) => mail.to === to);
}
