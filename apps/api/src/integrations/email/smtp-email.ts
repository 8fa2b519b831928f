import nodemailer from 'nodemailer';
import { EmailDeliveryError, type EmailSender, SMTP_TIMEOUT_MS } from './email-sender.ts';
import { toMailOptions } from './mail-options.ts';

export type SmtpSettings =
  | { url: string }
  | { host: string; port: number; secure: boolean; user?: string | undefined; password?: string | undefined };

/**
 * E-mail through an SMTP server (EMAIL_TRANSPORT=smtp) with nodemailer: the provider's relay (SES, Postmark,
 * Mailgun, a mail host) by SMTP_URL or host, port and login. A refusal or an unreachable server throws, and
 * the job queue tries again later.
 */
export function createSmtpEmailSender(options: { smtp: SmtpSettings; from: string }): EmailSender {
  const timeouts = {
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  };
  const transport =
    'url' in options.smtp
      ? nodemailer.createTransport({ url: options.smtp.url, ...timeouts })
      : nodemailer.createTransport({
          host: options.smtp.host,
          port: options.smtp.port,
          secure: options.smtp.secure,
          ...(options.smtp.user
            ? { auth: { user: options.smtp.user, pass: options.smtp.password ?? '' } }
            : {}),
          ...timeouts,
        });
  return {
    name: 'smtp',
    async send(message) {
      try {
        await transport.sendMail(toMailOptions(options.from, message));
      } catch (error) {
        throw new EmailDeliveryError('smtp', (error as Error).message, { cause: error });
      }
    },
  };
}
