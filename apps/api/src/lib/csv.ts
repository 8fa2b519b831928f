/**
 * RFC 4180 CSV: a header row, then one row per record, each line ended by CRLF; a cell with a comma, a
 * quote or a line break is quoted, its quotes doubled. A text cell that a spreadsheet would run as a
 * formula (starting with = + - @, a tab or a carriage return, and not a plain number) is prefixed with '
 * (CSV injection).
 */
export type CsvCell = string | number | null;

function cell(value: CsvCell): string {
  if (value === null) return '';
  let text = String(value);
  // A plain number written as text (`-2250.00`, an amount with its decimals kept) is no formula: left as it is.
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string' && !/^-?\d+(\.\d+)?$/.test(text))
    text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  const lines = [header.join(','), ...rows.map((row) => row.map(cell).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
