import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpStandIn } from '../../../test/stand-ins/smtp-stand-in.ts';
import { EmailDeliveryError } from './email-sender.ts';
import { createSmtpEmailSender } from './smtp-email.ts';

/** The SMTP adapter against a real SMTP server on this machine that requires a login. */
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
beforeAll(async () => {
  smtp = await startSmtpStandIn({ login: { user: 'pujas', password: 's3cret' } });
});
afterAll(() => smtp.close());

const message = {
  to: 'pema@example.org',
  subject: 'PJ-7K3M9Q: नमस्ते',
  text: 'Plain text',
  html: '<p>HTML</p>',
  language: 'ne',
  attachments: [
    { filename: 'puja.ics', contentType: 'text/calendar; method=PUBLISH', content: 'BEGIN:VCALENDAR' },
  ],
};

describe('the SMTP adapter', () => {
  it('logs in with SMTP_HOST, SMTP_PORT, SMTP_USER and SMTP_PASSWORD and delivers both parts and the file', async () => {
    const sender = createSmtpEmailSender({
      smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: 'pujas', password: 's3cret' },
      from: 'Monastery Puja <pujas@example.org>',
    });
    await sender.send(message);
    const mail = smtp.messagesTo('pema@example.org').at(-1)!;
    expect(mail.subject).toBe('PJ-7K3M9Q: नमस्ते');
    expect(mail.from?.text).toBe('"Monastery Puja" <pujas@example.org>');
    expect([mail.text?.trim(), mail.html]).toEqual(['Plain text', '<p>HTML</p>']);
    expect(mail.headers.get('content-language')).toBe('ne');
    expect(mail.attachments[0]!.content.toString()).toBe('BEGIN:VCALENDAR');
  });

  it('takes the same from SMTP_URL', async () => {
    const sender = createSmtpEmailSender({
      smtp: { url: `smtp://pujas:s3cret@127.0.0.1:${smtp.port}` },
      from: 'pujas@example.org',
    });
    const before = smtp.messages.length;
    await sender.send({ ...message, to: 'dolma@example.org' });
    expect(smtp.messages.length).toBe(before + 1);
  });

  it('reports a refused login and an unreachable server as delivery errors, for the queue to retry', async () => {
    const wrongPassword = createSmtpEmailSender({
      smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: 'pujas', password: 'wrong' },
      from: 'pujas@example.org',
    });
    await expect(wrongPassword.send(message)).rejects.toBeInstanceOf(EmailDeliveryError);
    const nobody = createSmtpEmailSender({ smtp: { url: 'smtp://127.0.0.1:9' }, from: 'pujas@example.org' });
    await expect(nobody.send(message)).rejects.toThrow(/^smtp: /);
  });
});
