import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { emailOutboxFolder } from '../src/integrations/email/outbox-email.ts';
import { outboxFile } from '../src/integrations/sms/outbox-sms.ts';

/** What a test server "sent": the SMS outbox's messages, one JSON line each (none yet: empty). */
export async function sentSms(dataDirectory: string): Promise<{ to: string; text: string }[]> {
  return (await fs.readFile(outboxFile(dataDirectory), 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string });
}

/** The e-mails the outbox holds for an address, parsed. */
export async function sentEmailsTo(dataDirectory: string, address: string) {
  const folder = emailOutboxFolder(dataDirectory);
  const files = await fs.readdir(folder).catch(() => [] as string[]);
  const mails = await Promise.all(
    files
      .filter((file) => file.endsWith('.eml'))
      .map(async (file) => simpleParser(await fs.readFile(path.join(folder, file)))),
  );
  return mails.filter((mail) => JSON.stringify(mail.to).includes(address));
}
