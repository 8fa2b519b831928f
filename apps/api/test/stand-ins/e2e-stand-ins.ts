/**
 * The outside services the end-to-end suite needs, as one process (playwright.config.ts starts it beside
 * the app; `npx tsx apps/api/test/stand-ins/e2e-stand-ins.ts` starts it by hand for `npm start`):
 *
 * - Twilio's Messages resource on E2E_TWILIO_PORT, answering as Twilio does (sms-stand-ins.ts). Each
 *   message it accepts is one JSON line `{ to, text, sent_at }` in STAND_INS_DIR/twilio-sms.jsonl, the
 *   shape of the app's own SMS outbox, so the end-to-end helpers read codes and notices from either.
 * - An SMTP server on E2E_SMTP_PORT (smtp-server). Each e-mail it accepts is one JSON line
 *   `{ to, from, subject, text, html, language, attachments: [{ filename, contentType, size, text? }],
 *   received_at }` in STAND_INS_DIR/email.jsonl (`text` for text attachments such as the .ics).
 * - A browser's push service on E2E_PUSH_PORT (push-stand-in.ts). Each push it accepts is one JSON line
 *   `{ path, headers, body (base64), received_at }` in STAND_INS_DIR/push.jsonl; e2e/push-inbox.ts reads
 *   it and checks the VAPID JWT and decrypts the payload as the subscribing browser would.
 *
 * The app reaches them with SMS_PROVIDER=routed, SMS_PROVIDER_ABROAD=twilio, TWILIO_API_URL=
 * http://127.0.0.1:<E2E_TWILIO_PORT>, TWILIO_ACCOUNT_SID=<TWILIO_SID>, TWILIO_AUTH_TOKEN=twilio-test-token,
 * and EMAIL_TRANSPORT=smtp, SMTP_HOST=127.0.0.1, SMTP_PORT=<E2E_SMTP_PORT>, EMAIL_FROM=….
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AddressObject } from 'mailparser';
import { startStandIn } from './http-stand-in.ts';
import { startPushStandIn } from './push-stand-in.ts';
import { twilio } from './sms-stand-ins.ts';
import { startSmtpStandIn } from './smtp-stand-in.ts';

const twilioPort = Number(process.env.E2E_TWILIO_PORT ?? 3101);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3102);
const pushPort = Number(process.env.E2E_PUSH_PORT ?? 3104);
const folder = path.resolve(process.env.STAND_INS_DIR ?? './data/stand-ins');
fs.mkdirSync(folder, { recursive: true });
const append = (file: string, record: object) =>
  fs.appendFileSync(path.join(folder, file), `${JSON.stringify(record)}\n`);

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []].flat().flatMap((object) => object.value.map((entry) => entry.address ?? ''));

const twilioStandIn = await startStandIn(
  (request) => {
    const answer = twilio(request);
    if (answer.status === 201) {
      append('twilio-sms.jsonl', {
        to: request.form.get('To'),
        text: request.form.get('Body'),
        sent_at: new Date().toISOString(),
      });
    }
    return answer;
  },
  { port: twilioPort },
);
const smtp = await startSmtpStandIn({
  port: smtpPort,
  onMessage(mail) {
    for (const to of addressesOf(mail.to)) {
      append('email.jsonl', {
        to,
        from: mail.from?.text ?? null,
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: typeof mail.html === 'string' ? mail.html : '',
        language: mail.headers.get('content-language') ?? null,
        attachments: mail.attachments.map((attachment) => ({
          filename: attachment.filename ?? null,
          contentType: attachment.contentType,
          size: attachment.size,
          ...(attachment.contentType.startsWith('text/')
            ? { text: attachment.content.toString('utf8') }
            : {}),
        })),
        received_at: new Date().toISOString(),
      });
    }
  },
});
const push = await startPushStandIn({
  port: pushPort,
  onPush(record) {
    append('push.jsonl', {
      path: record.path,
      headers: record.headers,
      body: record.body.toString('base64'),
      received_at: new Date().toISOString(),
    });
  },
});
console.log(
  `Stand-ins: Twilio at ${twilioStandIn.url}, SMTP at 127.0.0.1:${smtp.port}, push at ${push.origin}; records in ${folder}`,
);

const stop = async () => {
  await Promise.all([twilioStandIn.close(), smtp.close(), push.close()]);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
