import {
  formatCurrencyUnits,
  formatRupees,
  type Language,
  STATEMENT_ORDER_LINE_KINDS,
  type Statement,
  type StatementLine,
} from '@puja/contract';
import PDFDocument from 'pdfkit';
import { drawRule, pdfBytes, TextWriter } from '../../integrations/pdf/pdf-fonts.ts';
import type { StatementWords } from './statement-words.ts';

/**
 * The monthly statement as an A4 PDF (docs/decisions/034), drawn with pdfkit and the receipts' fonts, so
 * Devanagari and Chinese words render: the monastery and month, the opening balance, one row per line
 * (date, description, order and puja, amount, commission, net), the totals and the closing balance.
 */
const MARGIN = 40;
const MUTED = '#6b7280';
const ROW_SIZE = 8.5;

export async function renderStatementPdf(
  statement: Statement,
  options: {
    words: StatementWords;
    language: Language;
    describe: (line: StatementLine) => string;
    generatedAt: Date;
  },
): Promise<Buffer> {
  const { words } = options;
  const document = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    bufferPages: true,
    lang: options.language,
    displayTitle: true,
    info: {
      Title: `${words.title} ${statement.monastery.name} ${statement.month}`,
      Author: statement.monastery.name,
      CreationDate: options.generatedAt,
    },
  });
  const finished = pdfBytes(document);
  const writer = new TextWriter(document);
  document.addPage();
  const left = MARGIN;
  const width = document.page.width - 2 * MARGIN;
  const bottom = () => document.page.height - MARGIN - 30;
  const money = (rupees: number) => formatRupees(rupees);

  // Columns: date, description (with order and puja under it), amount, commission, net.
  const columns = [
    { key: 'date', x: left, width: 62 },
    { key: 'description', x: left + 66, width: 230 },
    { key: 'amount', x: left + 300, width: 70, right: true },
    { key: 'commission', x: left + 374, width: 70, right: true },
    { key: 'net', x: left + 448, width: width - 448, right: true },
  ] as const;
  const cell = (
    column: (typeof columns)[number],
    text: string,
    y: number,
    style: { bold?: boolean; color?: string; size?: number } = {},
  ) => {
    const size = style.size ?? ROW_SIZE;
    const right = 'right' in column && column.right;
    // Right-aligned figures: measured and placed, since the writer draws from the left.
    let x = column.x;
    if (right) {
      writer.ascent(text, { size, bold: style.bold }); // selects the face that draws it, to measure with
      x = column.x + column.width - document.fontSize(size).widthOfString(text);
    }
    writer.write(text, { x, y, width: column.width, size, bold: style.bold, color: style.color });
  };
  const rule = (y: number) => drawRule(document, left, width, y);

  writer.write(words.title, { x: left, y: MARGIN, width, size: 18, bold: true });
  let y = document.y + 8;
  for (const [label, value] of [
    [words.monastery, statement.monastery.name],
    [words.month, statement.month],
  ] as const) {
    writer.write(`${label}: ${value}`, { x: left, y, width, size: 10 });
    y = document.y + 3;
  }
  y += 8;
  const header = () => {
    cell(columns[0], words.columns.date, y, { bold: true, color: MUTED });
    cell(columns[1], words.columns.description, y, { bold: true, color: MUTED });
    cell(columns[2], words.columns.amount, y, { bold: true, color: MUTED });
    cell(columns[3], words.columns.commission, y, { bold: true, color: MUTED });
    cell(columns[4], words.columns.net, y, { bold: true, color: MUTED });
    y = document.y + 4;
    rule(y);
    y += 4;
  };
  const balanceRow = (label: string, value: number) => {
    cell(columns[1], label, y, { bold: true, size: 10 });
    cell(columns[4], money(value), y, { bold: true, size: 10 });
    y = document.y + 6;
    rule(y);
    y += 5;
  };
  header();
  balanceRow(words.opening, statement.opening);
  if (statement.lines.length === 0) {
    writer.write(words.noMovements, { x: columns[1].x, y, width: 300, size: ROW_SIZE, color: MUTED });
    y = document.y + 6;
  }
  for (const line of statement.lines) {
    if (y > bottom() - 30) {
      document.addPage();
      y = MARGIN;
      header();
    }
    const top = y;
    cell(columns[0], line.day, top);
    cell(columns[1], options.describe(line), top);
    let below = document.y;
    const detail = [line.orderNumber, line.puja, line.reference].filter(Boolean).join(' · ');
    if (detail) {
      writer.write(detail, {
        x: columns[1].x,
        y: below + 1,
        width: columns[1].width,
        size: 7.5,
        color: MUTED,
      });
      below = document.y;
    }
    // An order paid by card: what the payer paid in their currency, its rupees and Stripe's fee (057).
    if (line.card) {
      const { card } = line;
      const text = (card.fee ? words.card : words.cardNoFee)
        .replace('{amount}', formatCurrencyUnits(card.amount, card.currency))
        .replace('{rupees}', money(card.rupees))
        .replace('{fee}', card.fee ? formatCurrencyUnits(card.fee.amount, card.fee.currency) : '')
        .replace('{feeRupees}', card.fee ? money(card.fee.rupees) : '');
      writer.write(text, { x: columns[1].x, y: below + 1, width: columns[1].width, size: 7.5, color: MUTED });
      below = document.y;
    }
    const isOrder = STATEMENT_ORDER_LINE_KINDS.includes(line.kind);
    cell(columns[2], money(line.amount), top);
    if (isOrder) cell(columns[3], money(line.commission), top);
    cell(columns[4], line.net === 0 ? '—' : money(line.net), top, { bold: true });
    y = Math.max(below, document.y) + 5;
    rule(y - 2);
  }
  if (y > bottom() - 80) {
    document.addPage();
    y = MARGIN;
  }
  y += 4;
  cell(columns[1], words.totals, y, { bold: true });
  cell(columns[2], money(statement.totals.amount), y, { bold: true });
  cell(columns[3], money(statement.totals.commission), y, { bold: true });
  y = document.y + 8;
  balanceRow(words.closing, statement.closing);
  const notes = [...words.notes, ...(statement.closing < 0 ? [words.negative] : [])];
  for (const note of notes) {
    writer.write(note, { x: left, y, width, size: 8, color: MUTED });
    y = document.y + 3;
  }

  // Page numbers, once every page exists.
  const range = document.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    document.switchToPage(range.start + index);
    const text = words.page.replace('{page}', String(index + 1)).replace('{pages}', String(range.count));
    writer.write(text, { x: left, y: document.page.height - MARGIN - 14, width, size: 8, color: MUTED });
  }
  document.end();
  return finished;
}
