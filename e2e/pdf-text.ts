import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';

/**
 * Reads the text of a downloaded PDF (a receipt) with pdf.js, as apps/api/test/pdf-text.ts does for the
 * API's tests; kept here so the end-to-end tests depend on no other workspace's test code.
 */
const pdfjsDirectory = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
// In Node pdf.js runs its worker's code in this thread; it imports it from here.
GlobalWorkerOptions.workerSrc = pathToFileURL(path.join(pdfjsDirectory, 'legacy/build/pdf.worker.mjs')).href;

/** A PDF opened with pdf.js (the caller destroys it). */
export function openPdf(bytes: Uint8Array | Buffer) {
  return getDocument({
    // pdf.js takes ownership of the array it is given, so it gets a copy.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useWorkerFetch: false,
    disableFontFace: true,
    // Helvetica and the other standard fonts are not embedded; pdf.js reads their metrics from here.
    standardFontDataUrl: `${path.join(pdfjsDirectory, 'standard_fonts')}${path.sep}`,
    verbosity: 0,
  }).promise;
}

/**
 * The text of each page of a PDF, as a reader would copy it: lines from top to bottom, the pieces of a
 * line from left to right, a space where they stand apart.
 */
export async function extractPdfText(bytes: Uint8Array | Buffer): Promise<string[]> {
  const pdf = await openPdf(bytes);
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        joinLines(content.items.filter((item): item is TextItem => 'str' in item && item.str !== '')),
      );
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

function joinLines(items: TextItem[]): string {
  const lines: { y: number; items: TextItem[] }[] = [];
  for (const item of items) {
    const y = item.transform[5] as number;
    // Pieces of one line in different fonts sit on the same baseline, give or take rounding.
    const line = lines.find((candidate) => Math.abs(candidate.y - y) < 2);
    if (line) line.items.push(item);
    else lines.push({ y, items: [item] });
  }
  return lines
    .sort((a, b) => b.y - a.y)
    .map((line) => {
      const sorted = line.items.sort((a, b) => (a.transform[4] as number) - (b.transform[4] as number));
      let text = '';
      let end: number | undefined;
      for (const item of sorted) {
        const x = item.transform[4] as number;
        if (end !== undefined && x - end > 1 && !text.endsWith(' ') && !item.str.startsWith(' ')) text += ' ';
        text += item.str;
        end = x + item.width;
      }
      return text.trimEnd();
    })
    .join('\n');
}
