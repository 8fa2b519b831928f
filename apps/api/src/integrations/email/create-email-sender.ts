import type { Config } from '../../config/env.ts';
import type { EmailSender } from './email-sender.ts';
import { createOutboxEmailSender } from './outbox-email.ts';
import { createSmtpEmailSender } from './smtp-email.ts';

/** The e-mail transport EMAIL_TRANSPORT names; `none` sends no e-mail at all (undefined). */
export function createEmailSender(config: Config, log: (message: string) => void): EmailSender | undefined {
  switch (config.EMAIL_TRANSPORT) {
    case 'smtp':
      return createSmtpEmailSender({
        smtp: config.SMTP_URL
          ? { url: config.SMTP_URL }
          : {
              host: config.SMTP_HOST!,
              port: config.SMTP_PORT,
              secure: config.SMTP_SECURE ?? config.SMTP_PORT === 465,
              user: config.SMTP_USER,
              password: config.SMTP_PASSWORD,
            },
        from: config.EMAIL_FROM,
      });
    case 'outbox':
      return createOutboxEmailSender({ dataDirectory: config.dataDirectory, from: config.EMAIL_FROM, log });
    case 'none':
      return undefined;
  }
}
