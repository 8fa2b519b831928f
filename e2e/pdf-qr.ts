import jsQR from 'jsqr';
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { openPdf } from './pdf-text.ts';

/**
 * Decodes the QR code a certificate draws (issue 28): the PDF draws it as filled squares, one per dark
 * module, which are read back from the first page's drawing operations, painted into a bitmap as a camera
 * would see it (white around, each module a few pixels) and decoded by a QR decoder. Answers the text the
 * code holds, or undefined when no square grid on the page decodes.
 */
export async function readPdfQrCode(bytes: Uint8Array | Buffer): Promise<string | undefined> {
  const pdf = await openPdf(bytes);
  try {
    const operators = await (await pdf.getPage(1)).getOperatorList();
    const squares: { x: number; y: number; size: number }[] = [];
    operators.fnArray.forEach((operator, index) => {
      if (operator !== OPS.constructPath) return;
      // pdf.js groups a path's operators: [its operators, their numbers one after the other, bounds].
      const [pathOperators, numbers] = operators.argsArray[index] as [number[], number[]];
      let at = 0;
      for (const pathOperator of pathOperators) {
        if (pathOperator === OPS.rectangle) {
          const [x, y, width, height] = numbers.slice(at, at + 4) as [number, number, number, number];
          if (Math.abs(width - height) < 0.01) squares.push({ x, y, size: width });
        }
        at += ARGUMENT_COUNTS.get(pathOperator) ?? 0;
      }
    });
    return decodeSquares(squares);
  } finally {
    await pdf.destroy();
  }
}

/** How many numbers each path operator takes in pdf.js's grouped form. */
const ARGUMENT_COUNTS = new Map<number, number>([
  [OPS.moveTo, 2],
  [OPS.lineTo, 2],
  [OPS.curveTo, 6],
  [OPS.curveTo2, 4],
  [OPS.curveTo3, 4],
  [OPS.closePath, 0],
  [OPS.rectangle, 4],
]);

function decodeSquares(squares: { x: number; y: number; size: number }[]): string | undefined {
  // The modules are the squares of the most common size.
  const bySize = new Map<string, typeof squares>();
  for (const square of squares) {
    const key = square.size.toFixed(3);
    bySize.set(key, [...(bySize.get(key) ?? []), square]);
  }
  const modules = [...bySize.values()].sort((a, b) => b.length - a.length)[0];
  if (!modules || modules.length < 21) return undefined;
  const size = modules[0]!.size;
  const left = Math.min(...modules.map((module) => module.x));
  const top = Math.min(...modules.map((module) => module.y));
  const count = Math.round((Math.max(...modules.map((module) => module.x)) - left) / size) + 1;
  const pixelsPerModule = 4;
  const quietModules = 4;
  const side = (count + 2 * quietModules) * pixelsPerModule;
  const image = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const module of modules) {
    const column = Math.round((module.x - left) / size) + quietModules;
    const row = Math.round((module.y - top) / size) + quietModules;
    for (let dy = 0; dy < pixelsPerModule; dy++) {
      for (let dx = 0; dx < pixelsPerModule; dx++) {
        const pixel = ((row * pixelsPerModule + dy) * side + column * pixelsPerModule + dx) * 4;
        image.fill(0, pixel, pixel + 3);
      }
    }
  }
  return jsQR(image, side, side)?.data;
}
