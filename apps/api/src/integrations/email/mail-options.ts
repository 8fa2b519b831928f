import type { SendMailOptions } from 'nodemailer';
import type { EmailMessage } from './email-sender.ts';

/** Our message as nodemailer's options, the same for every transport (so an .eml is what SMTP would carry). */
export function toMailOptions(from: string, message: EmailMessage): SendMailOptions {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: { 'Content-Language': message.language },
    attachments: (message.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.content,
    })),
  };
}
