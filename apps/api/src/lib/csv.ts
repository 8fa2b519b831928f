import { instantInZone } from '@puja/contract';

/**
 * RFC 4180 CSV: a header row, then one row per record, each line ended by CRLF; a cell with a comma, a
 * quote or a line break is quoted, its quotes doubled. A text cell that a spreadsheet would run as a
 * formula (starting with = + - @, a tab or a carriage return) is prefixed with ' (CSV injection), unless it
 * is a plain number (`-2250.00`) or a phone number (`+9779812100005`): digits after a sign run nothing,
 * and an apostrophe would show in the cell (docs/decisions/039).
 */
export type CsvCell = string | number | null | TextCell;
/** A cell that is text whatever it looks like (a phone number, a name): always quoted. */
export interface TextCell {
  text: string | null;
}

const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?$/;

function cell(value: CsvCell): string {
  if (value === null) return '';
  const quoted = typeof value === 'object';
  let text = typeof value === 'object' ? (value.text ?? '') : String(value);
  if (typeof value !== 'number' && /^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return quoted || /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A text cell: quoted, so a spreadsheet that honours quotes keeps a phone's `+` and leading zeros. */
export function textCell(text: string | null): TextCell {
  return { text };
}

/** An instant (ISO) as Nepal's wall-clock time with its offset: 2026-12-01T07:00:00+05:45. */
export function instantCell(iso: string | null, timeZone: string): string | null {
  return iso === null ? null : instantInZone(new Date(iso), timeZone);
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  const lines = [header.join(','), ...rows.map((row) => row.map(cell).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** CSV for spreadsheets: a UTF-8 byte-order mark first, so Devanagari and Chinese open right in Excel. */
export function toCsvWithBom(header: string[], rows: CsvCell[][]): string {
  return `\uFEFF${toCsv(header, rows)}`;
}
