import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Text in our PDFs (receipts, monthly statements) in any of the product's languages: the fonts and a
 * writer that draws each character with a face that has it, on one baseline.
 */

/** The bytes a pdfkit document writes, once `end()` is called on it. */
export function pdfBytes(document: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
}

/** Longer values are cut so that a value never runs off its line or page. */
const MAX_VALUE_CHARACTERS = 120;
const INK = '#1f2937';

/**
 * pdfkit's built-in Helvetica draws only Windows-1252 characters, and patrons' names and statements may be
 * Devanagari (Nepali) or Chinese. When the fontsource packages below are installed, their Noto Sans faces draw the
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

export interface FontSet {
  regular: FontFace[];
  bold: FontFace[];
}

let cachedFonts: FontSet | undefined;

/** The installed faces, read once: which of the optional font packages are present, and what they cover. */
export function pdfFonts(): FontSet {
  cachedFonts ??= loadFontPackages(FONT_PACKAGES);
  return cachedFonts;
}

/** Which scripts our PDFs can draw besides Latin, from the font packages installed. */
export function pdfFontScripts(): { devanagari: boolean; chinese: boolean } {
  const faces = pdfFonts().regular;
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

export interface WriteOptions {
  x: number;
  y: number;
  width: number;
  size: number;
  bold?: boolean;
  color?: string;
}

/** Writes text in runs of the faces that draw it, registering each face in the document on first use. */
export class TextWriter {
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
