/**
 * RFC 4180 CSV: cells quoted when they hold a comma, quote or line break, lines ended by CRLF. A text cell
 * that a spreadsheet would run as a formula is prefixed with ' (CSV injection); numbers are left alone.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLines(rows: (string | number | null)[][]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
