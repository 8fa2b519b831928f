import type { OrderVideoType } from '@puja/contract';

/**
 * What a video file is, from its first bytes alone (never the name or type the browser declared):
 * - MP4: an ISO base media file opens with its `ftyp` box (size, then `ftyp`, then a brand); the brands
 *   of MP4 and of the phones' QuickTime-compatible files (`isom`, `mp41`, `mp42`, `avc1`, `iso2`…`iso6`,
 *   `M4V `, `qt  `, `3gp4`…) are taken; a HEIC picture is also an ISO file but its brand (`heic`, `mif1`)
 *   is refused.
 * - WebM: an EBML header (1A 45 DF A3) whose DocType element says `webm`.
 * Anything else is not a video we keep.
 */
const MP4_BRANDS = /^(isom|iso[2-9]|mp4[12v]|avc1|M4V |M4VH|M4VP|qt {2}|3gp[4-9]|3g2[abc]|dash|msnv|f4v )$/;

export function sniffVideoType(bytes: Buffer): OrderVideoType | undefined {
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = bytes.readUInt32BE(0);
    const brand = bytes.toString('latin1', 8, 12);
    if (boxSize >= 16 && MP4_BRANDS.test(brand)) return 'video/mp4';
    return undefined;
  }
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) {
    // The DocType's value comes within the EBML header, in its first few dozen bytes.
    const header = bytes.subarray(0, 64);
    const docType = header.indexOf(Buffer.from([0x42, 0x82]));
    if (docType !== -1 && header.subarray(docType).toString('latin1').includes('webm')) return 'video/webm';
  }
  return undefined;
}

/** A byte range of a file of `size` bytes: `start` and `end` both included, as HTTP counts them. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The one range a `Range` header asks for (RFC 9110, section 14): `undefined` when the whole file is to be
 * sent (no header, another unit, or several ranges, which a server may answer whole), `'unsatisfiable'`
 * for a range outside the file or one that cannot be read (answered 416).
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return undefined;
  const specs = match[1]!.split(',');
  if (specs.length > 1) return undefined;
  const spec = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(specs[0]!);
  if (!spec || (spec[1] === '' && spec[2] === '')) return 'unsatisfiable';
  if (spec[1] === '') {
    // A suffix: the last n bytes.
    const length = Number(spec[2]);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(spec[1]);
  const end = spec[2] === '' ? size - 1 : Math.min(Number(spec[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
