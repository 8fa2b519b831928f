import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { EmailSender } from './email-sender.ts';
import { toMailOptions } from './mail-options.ts';

/**
 * Development delivery (EMAIL_TRANSPORT=outbox, the default outside production): nodemailer builds the
 * whole message, exactly as it would go over SMTP, and it is written as one `.eml` file to
 * DATA_DIR/outbox/email, which any mail program opens. Plus a log line.
 */
export function createOutboxEmailSender(options: {
  dataDirectory: string;
  from: string;
  log: (message: string) => void;
}): EmailSender {
  const folder = emailOutboxFolder(options.dataDirectory);
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    name: 'outbox',
    async send(message) {
      const built = await composer.sendMail(toMailOptions(options.from, message));
      await fs.mkdir(folder, { recursive: true });
      // Sorted by when they were written; the random part keeps two in one millisecond apart.
      const file = path.join(
        folder,
        `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(3).toString('hex')}.eml`,
      );
      await fs.writeFile(file, built.message as Buffer, { mode: 0o600 });
      options.log(`E-mail to ${message.to} written to ${file}: ${message.subject}`);
    },
  };
}

export function emailOutboxFolder(dataDirectory: string): string {
  return path.join(dataDirectory, 'outbox', 'email');
}
