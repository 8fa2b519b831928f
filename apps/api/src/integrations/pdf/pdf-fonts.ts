import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';

/**
 * The fonts of every PDF the server draws (receipts, the run sheet), set up once here.
 *
 * pdfkit's built-in Helvetica draws only Windows-1252 characters, and patrons' names may be Devanagari
 * (Nepali) or Chinese. The fontsource packages below are dependencies of the API: their Noto Sans faces
 * draw the text, each character with a face whose unicode-range (read from the package's CSS) holds it;
 * Helvetica draws only what no face covers, and what it cannot encode becomes '?'. Noto Sans TC is the
 * Chinese face: patrons read Traditional Chinese (zh-Hant), and its subsets hold the common Simplified
 * characters too. Their `.woff` files are used (a WOFF2 face's glyphs come out blank in the subset pdfkit
 * embeds), unpacked here with Node's zlib into the plain font they wrap (`woffToSfnt`): fontkit's own
 * inflater refuses one of Noto Sans TC's subsets (the one with Latin and the commonest characters, such as
 * 小 and 中), which then drew nothing. Only the faces a document uses are embedded, subset.
 */
const FONT_PACKAGES = ['@fontsource/noto-sans-devanagari', '@fontsource/noto-sans-tc'];
const INK = '#1f2937';

interface FontFace {
  /** The name it is registered under in a document. */
  name: string;
  file: string;
  ranges: [number, number][];
  /** The font, unpacked once on first use. */
  bytes?: Buffer;
}

export interface FontSet {
  regular: FontFace[];
  bold: FontFace[];
}

let cachedFonts: FontSet | undefined;

/** The installed faces, read once: which of the font packages are present, and what they cover. */
export function pdfFonts(): FontSet {
  cachedFonts ??= loadFontPackages(FONT_PACKAGES);
  return cachedFonts;
}

/** Which scripts the PDFs can draw besides Latin, from the font packages installed. */
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

  private readonly fonts = pdfFonts();

  /** `maxCharacters`: longer text is cut with an ellipsis (a receipt stays on its one page). */
  constructor(
    readonly document: PDFKit.PDFDocument,
    private readonly maxCharacters = Number.POSITIVE_INFINITY,
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
    // Tools that read glyphs by their place on the page (poppler's pdftotext) would still put a reph
    // after its syllable; the span's ActualText gives them the text as written (PDF 1.5, 14.9.4).
    const actualText = DEVANAGARI.test(text);
    if (actualText)
      (document as unknown as MarkedContent).markContent('Span', { actual: clean(text, this.maxCharacters) });
    runs.forEach((run, index) => {
      this.use(run.face, options.bold);
      const continued = index < runs.length - 1;
      if (index === 0) {
        document.text(run.text, options.x, options.y, { width: options.width, continued, baseline });
      } else {
        document.text(run.text, { continued, baseline });
      }
    });
    if (actualText) (document as unknown as MarkedContent).endMarkedContent();
  }

  private runs(text: string, bold: boolean | undefined): Run[] {
    return splitIntoRuns(clean(text, this.maxCharacters), bold ? this.fonts.bold : this.fonts.regular);
  }

  private use(face: FontFace | undefined, bold: boolean | undefined) {
    if (!face) {
      this.document.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      return;
    }
    if (!this.registered.has(face.name)) {
      face.bytes ??= woffToSfnt(readFileSync(face.file));
      this.document.registerFont(face.name, face.bytes);
      this.registered.add(face.name);
      this.document.font(face.name);
      drawInLogicalOrder((this.document as unknown as PdfkitInternals)._font);
    }
    this.document.font(face.name);
  }
}

const DEVANAGARI = /\p{Script=Devanagari}/u;

/** pdfkit's marked content, which @types/pdfkit does not declare. */
interface MarkedContent {
  markContent(tag: string, options: { actual: string }): void;
  endMarkedContent(): void;
}

/** The current font's metrics and layout, which @types/pdfkit does not declare; in font units (per 1000). */
interface PdfkitInternals {
  _font: { ascender: number; layoutRun?: (text: string, features?: unknown) => LaidOutRun };
}

export interface LaidOutGlyph {
  codePoints: number[];
}
export interface GlyphPlacement {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}
interface LaidOutRun {
  glyphs: LaidOutGlyph[];
  positions: GlyphPlacement[];
  advanceWidth: number;
}

/**
 * Makes an embedded font write its glyphs into the page in the order of the text they stand for, each
 * still drawn where shaping put it.
 *
 * Shaping Devanagari draws some glyphs away from their letters: the reph (र् before a consonant) after
 * the syllable, the vowel sign ि before its consonant. A text extractor reads glyphs in the order the
 * page lists them and maps each to its letters (the font's ToUnicode map), so `पेमा शेर्पा` was copied out
 * as `पेमा शेपार्` and `किरण` as `िकरण`. Listing the glyphs in the text's order, each placed at its drawn
 * position, gives the same picture and the text as written. Latin and Chinese runs keep their order and
 * are left as they are.
 */
function drawInLogicalOrder(font: PdfkitInternals['_font']) {
  const layoutRun = font.layoutRun;
  if (!layoutRun || layoutRun.name === 'layoutInLogicalOrder') return;
  font.layoutRun = function layoutInLogicalOrder(text, features) {
    return inLogicalOrder(text, layoutRun.call(font, text, features));
  };
}

/**
 * The glyphs of a shaped run in the order of the letters they draw, with offsets that keep each where
 * shaping drew it (pdfkit places a glyph with an offset on its own, at the pen plus the offset).
 */
export function inLogicalOrder<Run extends LaidOutRun>(text: string, run: Run): Run {
  const order = logicalIndexes(text, run.glyphs);
  const sorted = run.glyphs.map((_, index) => index).sort((a, b) => order[a]! - order[b]! || a - b);
  if (sorted.every((glyph, index) => glyph === index)) return run;
  // Where shaping drew each glyph: its pen position plus its own offset.
  const drawnAt: { x: number; y: number }[] = [];
  let pen = 0;
  for (const position of run.positions) {
    drawnAt.push({ x: pen + position.xOffset, y: position.yOffset });
    pen += position.xAdvance;
  }
  const positions: GlyphPlacement[] = [];
  pen = 0;
  for (const index of sorted) {
    const position = run.positions[index]!;
    positions.push({ ...position, xOffset: drawnAt[index]!.x - pen });
    pen += position.xAdvance;
  }
  return {
    ...run,
    glyphs: sorted.map((index) => run.glyphs[index]!),
    positions,
    advanceWidth: run.advanceWidth,
  };
}

/**
 * For each glyph, where its first letter is in the text: the earliest unclaimed place holding that
 * letter (shaping moves glyphs only within a syllable, so the earliest is the right one). A glyph that
 * stands for no letter (a mark shaping added) follows the glyph before it.
 */
function logicalIndexes(text: string, glyphs: LaidOutGlyph[]): number[] {
  const letters = [...text].map((character) => character.codePointAt(0)!);
  const claimed = letters.map(() => false);
  const indexes: number[] = [];
  for (const glyph of glyphs) {
    const [first, ...rest] = glyph.codePoints;
    const at =
      first === undefined ? -1 : letters.findIndex((letter, index) => !claimed[index] && letter === first);
    if (at < 0) {
      indexes.push((indexes.at(-1) ?? -1) + 0.5);
      continue;
    }
    claimed[at] = true;
    // A ligature's other letters (the ् and ष of क्ष) are its own, not another glyph's.
    let next = at + 1;
    for (const letter of rest) {
      if (letters[next] === letter && !claimed[next]) claimed[next] = true;
      next++;
    }
    indexes.push(at);
  }
  return indexes;
}

/** One line of printable text, cut to at most `maxCharacters`. */
function clean(text: string, maxCharacters: number): string {
  const characters = [
    // Control characters, and variation selectors no face here draws.
    ...text.replace(/[\p{Cc}\p{Variation_Selector}]+/gu, ' ').trim(),
  ];
  return characters.length > maxCharacters
    ? `${characters.slice(0, maxCharacters - 1).join('')}…`
    : characters.join('');
}

/** A thin grey line across a page's text column: the rule between sections of every PDF here. */
export function drawRule(
  document: PDFKit.PDFDocument,
  left: number,
  width: number,
  y: number,
  lineWidth = 0.5,
) {
  document
    .save()
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(lineWidth)
    .strokeColor('#d1d5db')
    .stroke()
    .restore();
}

/** The bytes of a document once pdfkit has written all of it; call before `document.end()`. */
export function pdfBytes(document: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
}

/**
 * The font a WOFF (1.0) file wraps, as plain TrueType/OpenType bytes: each table inflated when it was
 * compressed, laid out again behind an sfnt header (the WOFF format, W3C 2012, section 5). Anything that is
 * not WOFF is answered as it is.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < 44 || woff.readUInt32BE(0) !== 0x774f4646) return woff; // 'wOFF'
  const flavor = woff.readUInt32BE(4);
  const tableCount = woff.readUInt16BE(12);
  const tables = Array.from({ length: tableCount }, (_, index) => {
    const at = 44 + index * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compressedLength = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compressedLength);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: compressedLength < length ? inflateSync(stored) : stored,
    };
  });
  const padded = (length: number) => (length + 3) & ~3;
  const headerLength = 12 + 16 * tableCount;
  const sfnt = Buffer.alloc(tables.reduce((total, table) => total + padded(table.data.length), headerLength));
  const entrySelector = Math.floor(Math.log2(tableCount));
  const searchRange = 2 ** entrySelector * 16;
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(tableCount, 4);
  sfnt.writeUInt16BE(searchRange, 6);
  sfnt.writeUInt16BE(entrySelector, 8);
  sfnt.writeUInt16BE(tableCount * 16 - searchRange, 10);
  let offset = headerLength;
  tables.forEach((table, index) => {
    const at = 12 + 16 * index;
    sfnt.writeUInt32BE(table.tag, at);
    sfnt.writeUInt32BE(table.checksum, at + 4);
    sfnt.writeUInt32BE(offset, at + 8);
    sfnt.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}
