import { formatRupees, type PaymentMethod, paisaToRupees } from '@puja/contract';
import PDFDocument from 'pdfkit';
import { drawRule, pdfBytes, TextWriter } from '../pdf/pdf-fonts.ts';

/**
 * Printable receipts: one A4 page per payment received or refund made, drawn with pdfkit. The same
 * receipts always give the same bytes (the document's date is the latest receipt's, not the clock's), so
 * a receipt downloaded twice is the same file.
 */
export interface Receipt {
  kind: 'payment' | 'refund';
  orderNumber: string;
  patron: { name: string; phone: string | null };
  monastery: string;
  puja: string;
  /**
   * The first names prayed for, in the patron's order, and how many there are in all: the receipt writes
   * out these and "and N more" (docs/decisions/038).
   */
  names?: { names: string[]; total: number };
  /** YYYY-MM-DD, a day in the business time zone. */
  pujaDate: string;
  amountPaisa: number;
  provider: PaymentMethod;
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
}

const PROVIDER_NAMES: Record<PaymentMethod, string> = { esewa: 'eSewa', khalti: 'Khalti' };
const REFUND_REASON_TEXT = new Map([
  ['declined', 'Declined by the monastery'],
  ['cancelled', 'Cancelled by the patron'],
  ['expired', 'The order expired unpaid'],
  ['duplicate', 'Paid twice'],
]);
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
  const document = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    autoFirstPage: false,
    lang: 'en',
    displayTitle: true,
    info: {
      Title:
        receipts.length === 1
          ? `${heading(first)} ${first.orderNumber}`
          : `${receipts.length} receipts from ${options.siteName}`,
      Author: options.siteName,
      Creator: options.siteName,
      // pdfkit derives the file's ID from these, so fixed values give identical bytes.
      CreationDate: latest,
    },
  });
  const finished = pdfBytes(document);
  const writer = new TextWriter(document, MAX_VALUE_CHARACTERS);
  for (const receipt of receipts) drawReceipt(writer, receipt, options);
  document.end();
  return finished;
}

function heading(receipt: Receipt): string {
  return receipt.kind === 'payment' ? 'Payment receipt' : 'Refund receipt';
}

/** The names a receipt writes out, then how many more the order has. */
function namesOnReceipt({ names, total }: { names: string[]; total: number }): string {
  const more = total - names.length;
  return more > 0 ? `${names.join(', ')} and ${more} more` : names.join(', ');
}

function drawReceipt(writer: TextWriter, receipt: Receipt, options: ReceiptPdfOptions) {
  const { document } = writer;
  document.addPage();
  const left = document.page.margins.left;
  const width = document.page.width - left - document.page.margins.right;

  writer.write(options.siteName, { x: left, y: PAGE_MARGIN, width, size: 12, bold: true, color: MUTED });
  writer.write(options.publicUrl, { x: left, y: document.y + 2, width, size: 9, color: MUTED });
  writer.write(heading(receipt), { x: left, y: document.y + 18, width, size: 22, bold: true });
  let y = document.y + 14;
  drawRule(writer.document, left, width, y, 1);
  y += 14;

  const refund = receipt.kind === 'refund';
  const rows: [string, string][] = [
    ['Order number', receipt.orderNumber || NONE],
    ['Patron', receipt.patron.name.trim() || receipt.patron.phone || NONE],
    ['Monastery', receipt.monastery || NONE],
    ['Puja', receipt.puja || NONE],
    ...(receipt.names && receipt.names.total > 0
      ? [['Names prayed for', namesOnReceipt(receipt.names)] as [string, string]]
      : []),
    // The day in Nepal, as every page gives it (docs/decisions/020): a patron abroad may read the receipt far away.
    ['Puja date (Nepal)', formatDay(receipt.pujaDate)],
    [refund ? 'Amount refunded' : 'Amount', formatRupees(paisaToRupees(receipt.amountPaisa))],
    ['Paid with', PROVIDER_NAMES[receipt.provider]],
    ['Transaction code', receipt.transactionCode || NONE],
    [refund ? 'Refunded at' : 'Paid at', formatDateTime(receipt.at, options.businessTimeZone)],
  ];
  if (refund) {
    rows.push(['Refund reference', receipt.refundReference || NONE]);
    rows.push([
      'Reason',
      receipt.refundReason ? (REFUND_REASON_TEXT.get(receipt.refundReason) ?? receipt.refundReason) : NONE,
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
  writer.write('Amounts in Nepalese rupees.', { x: left, y: footerY, width, size: 9, color: MUTED });
}

/** `1 Dec 2026`; month names spelled here so that no locale data can turn Sep into Sept. */
function formatDay(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : isoDate;
}

/** `24 Nov 2026, 14:05 (Nepal time)`: the business time zone's wall clock, whatever the server's zone. */
function formatDateTime(at: Date, timeZone: string): string {
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
  const day = formatDay(`${parts.year}-${parts.month}-${parts.day}`);
  // "Nepal Time" reads as "Nepal time"; longer names ("India Standard Time") stay as Intl writes them.
  const zone = (parts.timeZoneName ?? timeZone).replace(/^(\S+) Time$/, '$1 time');
  return `${day}, ${parts.hour}:${parts.minute} (${zone})`;
}
