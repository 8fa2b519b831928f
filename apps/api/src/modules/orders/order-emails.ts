import { catalogueText, type Language, LINKED_PAGES, orderPagePath, PRAYER_NAMES_MAX } from '@puja/contract';
import type { Database } from '../../db/client.ts';
import type { EmailAttachment, EmailMessage, EmailSender } from '../../integrations/email/email-sender.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import {
  fillText,
  NOTICE_CATALOGUES,
  type OrderEmailAttachment,
  type PatronNotice,
  smsText,
} from '../../notices/notices.ts';
import type { ReceiptsService } from '../payments/receipts.service.ts';
import { findEmailRecipient, findMessageOfOrder, findOrderForEmail } from './order-notices.queries.ts';
import { firstNamesOfOrder } from './orders.queries.ts';
import { buildPujaCalendarEvent } from './puja-calendar-event.ts';

/** The locale each language's dates are written in. */
const DATE_LOCALES: Record<Language, string> = { en: 'en-GB', ne: 'ne-NP', 'zh-Hant': 'zh-Hant-TW' };

/**
 * The `send-email` job (docs/decisions/019): an e-mail to an order's patron, composed when it is sent from
 * the notice queued with the change, so it goes to the address and in the language the patron has now,
 * and not at all if they have since turned e-mail off, removed their address or closed their account.
 */
export function createOrderEmails(dependencies: {
  db: Database;
  sender: EmailSender;
  receipts: ReceiptsService;
  businessTimeZone: string;
  publicUrl: string;
  siteName: string;
}) {
  const { db, publicUrl, siteName } = dependencies;

  async function attachmentsFor(
    kinds: OrderEmailAttachment[],
    orderId: number,
    order: NonNullable<Awaited<ReturnType<typeof findOrderForEmail>>>,
    language: Language,
  ): Promise<EmailAttachment[]> {
    const attachments: EmailAttachment[] = [];
    for (const kind of kinds) {
      if (kind === 'receipt') {
        const receipt = await dependencies.receipts.receiptForEmail(orderId);
        if (receipt)
          attachments.push({
            filename: receipt.filename,
            contentType: 'application/pdf',
            content: receipt.pdf,
          });
      } else {
        attachments.push({
          filename: `puja-${order.number}.ics`,
          // PUBLISH: an event to add to one's calendar, not an invitation to answer.
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: buildPujaCalendarEvent({
            orderNumber: order.number,
            pujaName: catalogueText(order.puja, 'name', language),
            monasteryName: catalogueText(order.monastery, 'name', language),
            pujaDate: order.pujaDate,
            pujaTime: order.pujaTime,
            scheduleRevision: order.scheduleRevision,
            businessTimeZone: dependencies.businessTimeZone,
            orderUrl: `${publicUrl}${orderPagePath(orderId)}`,
            language,
          }),
        });
      }
    }
    return attachments;
  }

  return {
    async send(payload: {
      userId: number;
      orderId: number;
      notice: PatronNotice;
      attach?: OrderEmailAttachment[] | undefined;
      messageId?: number | undefined;
    }): Promise<void> {
      const recipient = await findEmailRecipient(db, payload.userId);
      const order = await findOrderForEmail(db, payload.orderId);
      // Nothing to send any more: not a failure, so the job ends rather than being retried.
      if (!recipient?.email || !recipient.emailNotices || recipient.archivedAt || !order) return;
      if (order.userId !== payload.userId) return;
      const attach = payload.attach ?? [];
      const language = recipient.language ?? 'en';
      const attachments = await attachmentsFor(attach, payload.orderId, order, language);
      // Every name: an order has at most PRAYER_NAMES_MAX, and the e-mail is where a relative checks them.
      const { names } = await firstNamesOfOrder(db, payload.orderId, PRAYER_NAMES_MAX);
      const quoted = payload.messageId
        ? await findMessageOfOrder(db, payload.orderId, payload.messageId)
        : undefined;
      await dependencies.sender.send({
        ...composeOrderEmail({
          language,
          to: recipient.email,
          name: recipient.name,
          orderNumber: order.number,
          orderUrl: `${publicUrl}${orderPagePath(payload.orderId)}`,
          settingsUrl: `${publicUrl}${LINKED_PAGES.accountSettings}`,
          siteName,
          notice: payload.notice,
          receiptAttached: attachments.some((attachment) => attachment.contentType === 'application/pdf'),
          calendarAttached: attach.includes('calendar-event'),
          names,
          ...(quoted ? { quoted } : {}),
        }),
        attachments,
      });
    },
  };
}
export type OrderEmails = ReturnType<typeof createOrderEmails>;

/**
 * An order's e-mail in the patron's language: the notice's own sentence (as the SMS says it, with dates
 * written out), a link to the order, what is attached, and why they receive it with where to turn it off.
 * A plain-text part and an HTML part; in the HTML every value is escaped, and only our own links are links.
 */
export function composeOrderEmail(input: {
  language: Language;
  to: string;
  name: string;
  orderNumber: string;
  orderUrl: string;
  settingsUrl: string;
  siteName: string;
  notice: PatronNotice;
  receiptAttached: boolean;
  calendarAttached: boolean;
  /** Words someone wrote (the monastery's message), quoted as they are. */
  quoted?: string;
  /** The names prayed for, in the patron's order: said under the notice (docs/decisions/038). */
  names?: string[];
}): Omit<EmailMessage, 'attachments'> {
  const texts = NOTICE_CATALOGUES[input.language];
  const params: Record<string, string> = { ...input.notice.params, orderUrl: input.orderUrl };
  const hasDate = 'date' in params;
  if (hasDate) params.date = writtenDate(params.date!, input.language);
  const notice = { ...input.notice, params } as PatronNotice;
  const subject = `${input.orderNumber}: ${fillText(texts.subjects[input.notice.key], params)}`;
  const name = input.name.trim();
  const greeting = name ? fillText(texts.email.greeting, { name }) : texts.email.greetingUnnamed;
  const signature = fillText(texts.email.signature, { site: input.siteName });
  const why = { text: texts.email.why, params: { site: input.siteName, settingsUrl: input.settingsUrl } };
  const namesLine =
    input.names && input.names.length > 0
      ? fillText(texts.email.names, { names: input.names.join(', ') })
      : undefined;
  const notes = [
    input.receiptAttached ? texts.email.receiptAttached : undefined,
    input.calendarAttached ? texts.email.calendarAttached : undefined,
    hasDate ? texts.email.nepalDates : undefined,
  ].filter((note): note is string => note !== undefined);

  const text = [
    greeting,
    '',
    smsText(input.language, notice),
    ...(namesLine ? ['', namesLine] : []),
    ...(input.quoted ? ['', ...input.quoted.split(/\r?\n/).map((line) => `> ${line}`)] : []),
    ...(notes.length > 0 ? ['', ...notes] : []),
    '',
    fillText(texts.email.openOrderAt, { orderUrl: input.orderUrl }),
    '',
    signature,
    '',
    '--',
    fillText(why.text, why.params),
    '',
  ].join('\n');

  // Our texts hold no markup: escaped whole, then each value escaped as it is filled in.
  const html = (template: string, values: Record<string, string>) =>
    fillText(escapeHtml(template), values, (value, key) =>
      key.endsWith('Url') ? link(value, value) : escapeHtml(value),
    );
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:#8a4b08">${escapeHtml(label)}</a>`;
  const paragraph = (content: string, style = '') => `<p style="margin:0 0 16px${style}">${content}</p>`;
  const body = [
    paragraph(escapeHtml(greeting)),
    paragraph(html(texts.sms[input.notice.key], params)),
    ...(namesLine ? [paragraph(escapeHtml(namesLine))] : []),
    ...(input.quoted
      ? [
          `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:3px solid #d1d5db;white-space:pre-wrap">${escapeHtml(input.quoted)}</blockquote>`,
        ]
      : []),
    ...notes.map((note) => paragraph(escapeHtml(note))),
    paragraph(link(input.orderUrl, texts.email.openOrder), ';font-weight:bold'),
    paragraph(escapeHtml(signature)),
    `<hr style="border:none;border-top:1px solid #d1d5db;margin:24px 0">`,
    paragraph(html(why.text, why.params), ';color:#6b7280;font-size:13px'),
  ].join('\n');

  return {
    to: input.to,
    subject,
    text,
    language: input.language,
    html: emailPage(input.language, subject, body),
  };
}

/** An e-mail's HTML part around its paragraphs: one page shape for every e-mail the site sends. */
export function emailPage(language: Language, subject: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;color:#1f2937;font-family:system-ui,-apple-system,'Segoe UI','Noto Sans','Noto Sans Devanagari','Noto Sans TC',sans-serif;font-size:16px;line-height:1.5">
<div style="max-width:560px;margin:0 auto">
${body}
</div>
</body>
</html>
`;
}

/** A puja's day (YYYY-MM-DD, Nepal's calendar day) written out in the language: Thursday, 3 December 2026. */
export function writtenDate(isoDate: string, language: Language): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  // The day itself, not an instant: formatted in UTC so no time zone moves it.
  return new Intl.DateTimeFormat(DATE_LOCALES[language], { dateStyle: 'full', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, day),
  );
}
