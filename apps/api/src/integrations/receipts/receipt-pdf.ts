import {
  formatRupees,
  type Language,
  PAYMENT_PROVIDER_NAMES,
  type PaymentProvider,
  paisaToRupees,
  type UnitNames,
} from '@puja/contract';
import PDFDocument from 'pdfkit';
import { NUMBER_LOCALES } from '../../api-messages/api-messages.ts';
import { NOTICE_CATALOGUES } from '../../notices/notices.ts';
import { drawRule, pdfBytes, TextWriter } from '../pdf/pdf-fonts.ts';

/**
 * Printable receipts: one A4 page per payment received or refund made, drawn with pdfkit, in the patron's
 * language (the `receipt` texts of the notices' catalogues; docs/decisions/048). The same receipts always
 * give the same bytes (the document's date is the latest receipt's, not the clock's), so a receipt
 * downloaded twice is the same file.
 */
export interface Receipt {
  kind: 'payment' | 'refund';
  orderNumber: string;
  patron: { name: string; phone: string | null };
  /**
   * Paid through the patron's "Pay for me" link (docs/decisions/051): the payer's name as they gave it,
   * or null when they gave none; undefined for the patron's own payment.
   */
  payer?: string | null | undefined;
  monastery: string;
  puja: string;
  /**
   * The first names prayed for, in the patron's order, and how many there are in all: the receipt writes
   * out these and "and N more" (docs/decisions/038).
   */
  names?: { names: string[]; total: number };
  /** YYYY-MM-DD, a day in the business time zone. */
  pujaDate: string;
  /**
   * How the order's amount was made (docs/decisions/054): a quantity of a unit at its price, or the
   * patron's own amount; absent for a puja at one price.
   */
  offering?: { quantity: number; unit: UnitNames; unitPricePaisa: number } | 'pay_what_you_can';
  amountPaisa: number;
  provider: PaymentProvider;
  transactionCode: string | null;
  /** When it was paid, or when it was refunded. */
  at: Date;
  refundReference?: string | null;
  /** `declined`, `cancelled`, `expired` or `duplicate`; anything else is printed as it is. */
  refundReason?: string | null;
}

export interface ReceiptPdfOptions {
  businessTimeZone: string;
  siteName: string;
  publicUrl: string;
  /** The patron's language; English when they chose none. */
  language?: Language | null | undefined;
}

type ReceiptTexts = (typeof NOTICE_CATALOGUES)['en']['receipt'];

const REFUND_REASONS = {
  declined: 'reasonDeclined',
  cancelled: 'reasonCancelled',
  expired: 'reasonExpired',
  duplicate: 'reasonDuplicate',
} as const satisfies Record<string, keyof ReceiptTexts>;
/** Days and times in Nepali and Chinese, as Node's full ICU writes them (`२०२६ डिसेम्बर १`, `2026年12月1日`). */
const DATE_LOCALES: Record<Exclude<Language, 'en'>, string> = { ne: 'ne-NP', 'zh-Hant': 'zh-Hant-TW' };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const NONE = '—';

const PAGE_MARGIN = 56;
const LABEL_WIDTH = 130;
const COLUMN_GAP = 14;
/** Longer values are cut so that every receipt stays on its one page. */
const MAX_VALUE_CHARACTERS = 120;
const MUTED = '#6b7280';

export async function renderReceiptsPdf(receipts: Receipt[], options: ReceiptPdfOptions): Promise<Buffer> {
  if (receipts.length === 0) throw new RangeError('There are no receipts to render.');
  const latest = new Date(Math.max(...receipts.map((receipt) => receipt.at.getTime())));
  const first = receipts[0]!;
  const language = options.language ?? 'en';
  const texts = NOTICE_CATALOGUES[language].receipt;
  const document = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    autoFirstPage: false,
    lang: language,
    displayTitle: true,
    info: {
      Title:
        receipts.length === 1
          ? `${heading(first, texts)} ${first.orderNumber}`
          : fill(texts.documentTitle, { count: String(receipts.length), site: options.siteName }),
      Author: options.siteName,
      Creator: options.siteName,
      // pdfkit derives the file's ID from these, so fixed values give identical bytes.
      CreationDate: latest,
    },
  });
  const finished = pdfBytes(document);
  const writer = new TextWriter(document, MAX_VALUE_CHARACTERS);
  for (const receipt of receipts) drawReceipt(writer, receipt, options, language);
  document.end();
  return finished;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

function heading(receipt: Receipt, texts: ReceiptTexts): string {
  return receipt.kind === 'payment' ? texts.paymentTitle : texts.refundTitle;
}

/** The names a receipt writes out, then how many more the order has. */
function namesOnReceipt({ names, total }: { names: string[]; total: number }, language: Language): string {
  const more = total - names.length;
  const count = more.toLocaleString(NUMBER_LOCALES[language]);
  return more > 0
    ? fill(NOTICE_CATALOGUES[language].receipt.namesMore, { names: names.join(', '), count })
    : names.join(', ');
}

function drawReceipt(writer: TextWriter, receipt: Receipt, options: ReceiptPdfOptions, language: Language) {
  const texts = NOTICE_CATALOGUES[language].receipt;
  const { document } = writer;
  document.addPage();
  const left = document.page.margins.left;
  const width = document.page.width - left - document.page.margins.right;

  writer.write(options.siteName, { x: left, y: PAGE_MARGIN, width, size: 12, bold: true, color: MUTED });
  writer.write(options.publicUrl, { x: left, y: document.y + 2, width, size: 9, color: MUTED });
  writer.write(heading(receipt, texts), { x: left, y: document.y + 18, width, size: 22, bold: true });
  let y = document.y + 14;
  drawRule(writer.document, left, width, y, 1);
  y += 14;

  const refund = receipt.kind === 'refund';
  const rows: [string, string][] = [
    [texts.orderNumber, receipt.orderNumber || NONE],
    [texts.patron, receipt.patron.name.trim() || receipt.patron.phone || NONE],
    ...(receipt.payer !== undefined ? [[texts.paidBy, receipt.payer || NONE] as [string, string]] : []),
    [texts.monastery, receipt.monastery || NONE],
    [texts.puja, receipt.puja || NONE],
    ...(receipt.names && receipt.names.total > 0
      ? [[texts.names, namesOnReceipt(receipt.names, language)] as [string, string]]
      : []),
    // The day in Nepal, as every page gives it (docs/decisions/020): a patron abroad may read the receipt far away.
    [texts.pujaDate, formatDay(receipt.pujaDate, language)],
    ...(receipt.offering
      ? [[texts.offering, offeringOnReceipt(receipt.offering, texts, language)] as [string, string]]
      : []),
    [
      refund ? texts.amountRefunded : texts.amount,
      formatRupees(paisaToRupees(receipt.amountPaisa), NUMBER_LOCALES[language]),
    ],
    [texts.paidWith, PAYMENT_PROVIDER_NAMES[receipt.provider]],
    [texts.transactionCode, receipt.transactionCode || NONE],
    [
      refund ? texts.refundedAt : texts.paidAt,
      formatDateTime(receipt.at, options.businessTimeZone, language),
    ],
  ];
  if (refund) {
    rows.push([texts.refundReference, receipt.refundReference || NONE]);
    const reason = receipt.refundReason;
    rows.push([
      texts.reason,
      reason
        ? reason in REFUND_REASONS
          ? texts[REFUND_REASONS[reason as keyof typeof REFUND_REASONS]]
          : reason
        : NONE,
    ]);
  }
  const valueX = left + LABEL_WIDTH + COLUMN_GAP;
  const valueWidth = width - LABEL_WIDTH - COLUMN_GAP;
  for (const [label, value] of rows) {
    const labelStyle = { size: 10, bold: true, color: MUTED };
    const valueStyle = { size: 12 };
    const ascent = Math.max(writer.ascent(label, labelStyle), writer.ascent(value, valueStyle));
    writer.write(label, { x: left, y, width: LABEL_WIDTH, ascent, ...labelStyle });
    const labelBottom = document.y;
    writer.write(value, { x: valueX, y, width: valueWidth, ascent, ...valueStyle });
    y = Math.max(labelBottom, document.y) + 9;
    drawRule(writer.document, left, width, y - 5);
  }

  // Inside the bottom margin's edge, never past it: pdfkit would start another page.
  const footerY = document.page.height - document.page.margins.bottom - 24;
  drawRule(writer.document, left, width, footerY - 8, 1);
  writer.write(texts.footer, { x: left, y: footerY, width, size: 9, color: MUTED });
}

/**
 * `1 Dec 2026` in English, month names spelled here so that no locale data can turn Sep into Sept; the
 * language's own long date in Nepali and Chinese.
 */
function formatDay(isoDate: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  if (language !== 'en') {
    return new Intl.DateTimeFormat(DATE_LOCALES[language], {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }).format(new Date(`${isoDate}T00:00:00Z`));
  }
  const month = MONTHS[Number(match[2]) - 1];
  return month ? `${Number(match[3])} ${month} ${match[1]}` : isoDate;
}

/**
 * `24 Nov 2026, 14:05 (Nepal time)`: the business time zone's wall clock, whatever the server's zone, in
 * the receipt's language.
 */
function formatDateTime(at: Date, timeZone: string, language: Language): string {
  const parts: Record<string, string> = {};
  for (const part of new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'long',
  }).formatToParts(at)) {
    parts[part.type] = part.value;
  }
  const day = formatDay(`${parts.year}-${parts.month}-${parts.day}`, language);
  const texts = NOTICE_CATALOGUES[language].receipt;
  if (language !== 'en') {
    const time = new Intl.DateTimeFormat(DATE_LOCALES[language], {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
    const zone =
      timeZone === 'Asia/Kathmandu'
        ? texts.nepalTime
        : (new Intl.DateTimeFormat(DATE_LOCALES[language], { timeZone, timeZoneName: 'long' })
            .formatToParts(at)
            .find((part) => part.type === 'timeZoneName')?.value ?? timeZone);
    return language === 'ne' ? `${day}, ${time} (${zone})` : `${day} ${time}（${zone}）`;
  }
  // "Nepal Time" reads as "Nepal time"; longer names ("India Standard Time") stay as Intl writes them.
  const zone = (parts.timeZoneName ?? timeZone).replace(/^(\S+) Time$/, '$1 time');
  return `${day}, ${parts.hour}:${parts.minute} (${zone})`;
}

/** "108 × butter lamp at Rs. 23.50 each", or that the patron chose the amount. */
function offeringOnReceipt(
  offering: NonNullable<Receipt['offering']>,
  texts: ReceiptTexts,
  language: Language,
): string {
  if (offering === 'pay_what_you_can') return texts.payWhatYouCan;
  return fill(texts.quantityTimesPrice, {
    quantity: offering.quantity.toLocaleString(NUMBER_LOCALES[language]),
    unit: offering.unit[language],
    price: formatRupees(paisaToRupees(offering.unitPricePaisa), NUMBER_LOCALES[language]),
  });
}
