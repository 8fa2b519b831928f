import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { formatRupees, type PaymentMethod, paisaToRupees } from '@puja/contract';
import PDFDocument from 'pdfkit';

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
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';

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
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
  const writer = new TextWriter(document, receiptFonts());
  for (const receipt of receipts) drawReceipt(writer, receipt, options);
  document.end();
  return finished;
}

function heading(receipt: Receipt): string {
  return receipt.kind === 'payment' ? 'Payment receipt' : 'Refund receipt';
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
  rule(writer, left, width, y);
  y += 14;

  const refund = receipt.kind === 'refund';
  const rows: [string, string][] = [
    ['Order number', receipt.orderNumber || NONE],
    ['Patron', receipt.patron.name.trim() || receipt.patron.phone || NONE],
    ['Monastery', receipt.monastery || NONE],
    ['Puja', receipt.puja || NONE],
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
    rule(writer, left, width, y - 5, 0.5);
  }

  // Inside the bottom margin's edge, never past it: pdfkit would start another page.
  const footerY = document.page.height - document.page.margins.bottom - 24;
  rule(writer, left, width, footerY - 8);
  writer.write('Amounts in Nepalese rupees.', { x: left, y: footerY, width, size: 9, color: MUTED });
}

function rule(writer: TextWriter, left: number, width: number, y: number, lineWidth = 1) {
  writer.document
    .save()
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(lineWidth)
    .strokeColor(RULE)
    .stroke()
    .restore();
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

// ---- Fonts ----

/**
 * pdfkit's built-in Helvetica draws only Windows-1252 characters, and patrons' names may be Devanagari
 * (Nepali) or Chinese. When the fontsource packages below are installed, their Noto Sans faces draw the
 * text, each character with a face whose unicode-range (read from the package's CSS) holds it; otherwise
 * Helvetica draws it and what it cannot encode becomes '?'. Their `.woff` files are used: pdfkit embeds
 * WOFF faces correctly, while a WOFF2 face's glyphs come out blank in the subset it embeds.
 */
const FONT_PACKAGES = ['@fontsource/noto-sans-devanagari', '@fontsource/noto-sans-sc'];

interface FontFace {
  /** The name it is registered under in a document. */
  name: string;
  file: string;
  ranges: [number, number][];
}

interface FontSet {
  regular: FontFace[];
  bold: FontFace[];
}

let cachedFonts: FontSet | undefined;

/** The installed faces, read once: which of the optional font packages are present, and what they cover. */
function receiptFonts(): FontSet {
  cachedFonts ??= loadFontPackages(FONT_PACKAGES);
  return cachedFonts;
}

/** Which scripts receipts can draw besides Latin, from the font packages installed. */
export function receiptFontScripts(): { devanagari: boolean; chinese: boolean } {
  const faces = receiptFonts().regular;
  return {
    devanagari: faces.some((face) => covers(face, 0x0915)),
    chinese: faces.some((face) => covers(face, 0x4e2d)),
  };
}

function loadFontPackages(packageNames: string[]): FontSet {
  const require = createRequire(import.meta.url);
  const fonts: FontSet = { regular: [], bold: [] };
  for (const packageName of packageNames) {
    let directory: string;
    try {
      directory = path.dirname(require.resolve(`${packageName}/package.json`));
    } catch {
      continue;
    }
    fonts.regular.push(...readFontFaces(directory, 400));
    fonts.bold.push(...readFontFaces(directory, 700));
  }
  return fonts;
}

/** The faces a fontsource package's `<weight>.css` declares, in its order. */
function readFontFaces(directory: string, weight: number): FontFace[] {
  let css: string;
  try {
    css = readFileSync(path.join(directory, `${weight}.css`), 'utf8');
  } catch {
    return [];
  }
  const faces: FontFace[] = [];
  for (const block of css.match(/@font-face\s*\{[^}]*\}/g) ?? []) {
    const file = /url\(\.\/files\/([^)]+\.woff)\)\s*format\('woff'\)/.exec(block)?.[1];
    if (!file) continue;
    const unicodeRange = /unicode-range:\s*([^;}]+)/.exec(block)?.[1];
    faces.push({
      name: `${path.basename(directory)}/${file}`,
      file: path.join(directory, 'files', file),
      ranges: unicodeRange ? parseUnicodeRange(unicodeRange) : [[0, 0x10ffff]],
    });
  }
  return faces;
}

/** CSS unicode-range: `U+0900-097F,U+20B9,U+4??`. */
function parseUnicodeRange(value: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const item of value.split(',')) {
    const match = /^\s*U\+([0-9a-f?]+)(?:-([0-9a-f]+))?\s*$/i.exec(item);
    if (!match) continue;
    const start = match[1]!;
    ranges.push(
      match[2]
        ? [Number.parseInt(start, 16), Number.parseInt(match[2], 16)]
        : [Number.parseInt(start.replaceAll('?', '0'), 16), Number.parseInt(start.replaceAll('?', 'f'), 16)],
    );
  }
  return ranges;
}

const covers = (face: FontFace, codePoint: number) =>
  face.ranges.some(([start, end]) => codePoint >= start && codePoint <= end);

/** Windows-1252's characters above Latin-1's range, the only others Helvetica can draw. */
const WINDOWS_1252_EXTRAS = new Set(
  [...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'].map((character) => character.codePointAt(0)!),
);
const helveticaDraws = (codePoint: number) =>
  (codePoint >= 0x20 && codePoint <= 0x7e) ||
  (codePoint >= 0xa0 && codePoint <= 0xff) ||
  WINDOWS_1252_EXTRAS.has(codePoint);

interface Run {
  /** Undefined: Helvetica. */
  face: FontFace | undefined;
  text: string;
}

/**
 * Cuts text into runs of one face each, keeping a run's face while it covers the next character so that
 * shaping (Devanagari conjuncts, combining marks) sees whole words.
 */
function splitIntoRuns(text: string, faces: FontFace[]): Run[] {
  const runs: Run[] = [];
  const fallbackFace = faces.find((face) => covers(face, 0x3f));
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    const current = runs.at(-1);
    let face: FontFace | undefined;
    let drawn = character;
    if (faces.length === 0) {
      if (!helveticaDraws(codePoint)) drawn = '?';
    } else if (current?.face && covers(current.face, codePoint)) {
      face = current.face;
    } else {
      face = faces.find((candidate) => covers(candidate, codePoint));
      if (!face) {
        face = fallbackFace;
        drawn = '?';
      }
    }
    if (current && current.face === face) current.text += drawn;
    else runs.push({ face, text: drawn });
  }
  return runs;
}

interface WriteOptions {
  x: number;
  y: number;
  width: number;
  size: number;
  bold?: boolean;
  color?: string;
}

/** Writes text in runs of the faces that draw it, registering each face in the document on first use. */
class TextWriter {
  private readonly registered = new Set<string>();

  constructor(
    readonly document: PDFKit.PDFDocument,
    private readonly fonts: FontSet,
  ) {}

  /**
   * pdfkit hangs each run from its own font's ascender, so faces of different heights would sit on
   * different baselines. Every run of a line is hung instead from the tallest ascent among them (in
   * points), or from the one given, so that a row's label and value share their baseline too.
   */
  ascent(text: string, options: Pick<WriteOptions, 'size' | 'bold'>): number {
    let ascender = 0;
    for (const run of this.runs(text, options.bold)) {
      this.use(run.face, options.bold);
      ascender = Math.max(ascender, (this.document as unknown as PdfkitInternals)._font.ascender);
    }
    return (ascender / 1000) * options.size;
  }

  write(text: string, options: WriteOptions & { ascent?: number }) {
    const { document } = this;
    const runs = this.runs(text, options.bold);
    const baseline = -(options.ascent ?? this.ascent(text, options));
    document.fontSize(options.size).fillColor(options.color ?? INK);
    runs.forEach((run, index) => {
      this.use(run.face, options.bold);
      const continued = index < runs.length - 1;
      if (index === 0) {
        document.text(run.text, options.x, options.y, { width: options.width, continued, baseline });
      } else {
        document.text(run.text, { continued, baseline });
      }
    });
  }

  private runs(text: string, bold: boolean | undefined): Run[] {
    return splitIntoRuns(clean(text), bold ? this.fonts.bold : this.fonts.regular);
  }

  private use(face: FontFace | undefined, bold: boolean | undefined) {
    if (!face) {
      this.document.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      return;
    }
    if (!this.registered.has(face.name)) {
      this.document.registerFont(face.name, face.file);
      this.registered.add(face.name);
    }
    this.document.font(face.name);
  }
}

/** The current font's metrics, which @types/pdfkit does not declare; in font units (per 1000). */
interface PdfkitInternals {
  _font: { ascender: number };
}

/** One line of printable text, cut to a length that fits the page. */
function clean(text: string): string {
  const characters = [
    // Control characters, and variation selectors no face here draws.
    ...text.replace(/[\p{Cc}\p{Variation_Selector}]+/gu, ' ').trim(),
  ];
  return characters.length > MAX_VALUE_CHARACTERS
    ? `${characters.slice(0, MAX_VALUE_CHARACTERS - 1).join('')}…`
    : characters.join('');
}
