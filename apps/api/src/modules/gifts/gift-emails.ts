import { dedicationPagePath, type Language } from '@puja/contract';
import type { Database } from '../../db/client.ts';
import type { EmailMessage, EmailSender } from '../../integrations/email/email-sender.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { fillText, NOTICE_CATALOGUES } from '../../notices/notices.ts';
import { emailPage, writtenDate } from '../orders/order-emails.ts';
import { findGiftOrder } from './gifts.queries.ts';

/**
 * The `send-gift-email` job (docs/decisions/054): the e-mail telling a gift's recipient, in their language,
 * composed when it is sent; a gift whose order was removed meanwhile sends nothing.
 */
export function createGiftEmails(dependencies: {
  db: Database;
  sender: EmailSender;
  publicUrl: string;
  siteName: string;
}) {
  return {
    async send(payload: { orderId: number; token: string }): Promise<void> {
      const row = await findGiftOrder(dependencies.db, payload.orderId);
      if (!row?.gift.recipientEmail) return;
      const { gift } = row;
      await dependencies.sender.send(
        composeGiftEmail({
          language: gift.recipientLanguage,
          to: gift.recipientEmail!,
          recipient: gift.recipientName,
          patron: gift.showPatron && row.patronName.trim() !== '' ? row.patronName : undefined,
          puja: row.puja,
          monastery: row.monastery,
          date: row.order.pujaDate,
          message: gift.message ?? undefined,
          url: `${dependencies.publicUrl}${dedicationPagePath(payload.token)}`,
          siteName: dependencies.siteName,
        }),
      );
    },
  };
}
export type GiftEmails = ReturnType<typeof createGiftEmails>;

/** A gift's e-mail: who dedicated what (the patron's name only if they chose), their words, the link. */
export function composeGiftEmail(input: {
  language: Language;
  to: string;
  recipient: string;
  patron?: string | undefined;
  puja: string;
  monastery: string;
  /** The puja's day in Nepal, `YYYY-MM-DD`. */
  date: string;
  message?: string | undefined;
  url: string;
  siteName: string;
}): EmailMessage {
  const texts = NOTICE_CATALOGUES[input.language].gift;
  const values = {
    recipient: input.recipient,
    patron: input.patron ?? '',
    puja: input.puja,
    monastery: input.monastery,
    date: writtenDate(input.date, input.language),
    url: input.url,
    site: input.siteName,
  };
  const subject = fillText(input.patron ? texts.subject : texts.subjectUnnamed, values);
  const lines = {
    greeting: fillText(texts.greeting, values),
    news: fillText(input.patron ? texts.body : texts.bodyUnnamed, values),
    words: input.message ? fillText(texts.theirWords, values) : undefined,
    open: fillText(texts.openAt, values),
    signature: fillText(texts.signature, values),
    why: fillText(texts.why, values),
  };
  const text = [
    lines.greeting,
    '',
    lines.news,
    ...(input.message && lines.words
      ? ['', lines.words, ...input.message.split(/\r?\n/).map((line) => `> ${line}`)]
      : []),
    '',
    lines.open,
    '',
    lines.signature,
    '',
    '--',
    lines.why,
    '',
  ].join('\n');
  const paragraph = (content: string, style = '') => `<p style="margin:0 0 16px${style}">${content}</p>`;
  const body = [
    paragraph(escapeHtml(lines.greeting)),
    paragraph(escapeHtml(lines.news)),
    ...(input.message && lines.words
      ? [
          paragraph(escapeHtml(lines.words)),
          `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:3px solid #d1d5db;white-space:pre-wrap">${escapeHtml(input.message)}</blockquote>`,
        ]
      : []),
    paragraph(
      `<a href="${escapeHtml(input.url)}" style="color:#8a4b08">${escapeHtml(texts.open)}</a>`,
      ';font-weight:bold',
    ),
    paragraph(escapeHtml(lines.signature)),
    `<hr style="border:none;border-top:1px solid #d1d5db;margin:24px 0">`,
    paragraph(escapeHtml(lines.why), ';color:#6b7280;font-size:13px'),
  ].join('\n');
  return {
    to: input.to,
    subject,
    text,
    language: input.language,
    html: emailPage(input.language, subject, body),
  };
}
