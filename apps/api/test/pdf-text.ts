import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';

const pdfjsDirectory = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
// In Node pdf.js runs its worker's code in this thread; it imports it from here.
GlobalWorkerOptions.workerSrc = pathToFileURL(path.join(pdfjsDirectory, 'legacy/build/pdf.worker.mjs')).href;

/**
 * The text of each page of a PDF, as a reader would copy it: lines from top to bottom, the pieces of a
 * line in the order the page lists them (left to right for our PDFs), a space where they stand apart.
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

/** The document information dictionary (Title, Author, CreationDate as written, e.g. `D:20261124082000Z`). */
export async function extractPdfInfo(bytes: Uint8Array | Buffer): Promise<Record<string, unknown>> {
  const pdf = await openPdf(bytes);
  try {
    return (await pdf.getMetadata()).info as Record<string, unknown>;
  } finally {
    await pdf.destroy();
  }
}

function openPdf(bytes: Uint8Array | Buffer) {
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
      // In the order the page lists them, as pdf.js and the tools built on it give them: a shaped
      // syllable may list a glyph drawn left of the one before it (pdf-fonts.ts, inLogicalOrder).
      let text = '';
      let end: number | undefined;
      for (const item of line.items) {
        const x = item.transform[4] as number;
        if (end !== undefined && x - end > 1 && !text.endsWith(' ') && !item.str.startsWith(' ')) text += ' ';
        text += item.str;
        end = Math.max(end ?? x, x + item.width);
      }
      return text.trimEnd();
    })
    .join('\n');
}
