import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * Pictures made for the project (no downloads), drawn as SVG and rendered to WebP with sharp. Each
 * monastery has a scene of its own (a building and a landscape), each puja a ritual object on a shrine,
 * and a completed demo order has photos of the puja. Catalogue pictures are drawn on a 1200×630 canvas,
 * the proportion link previews use, and rendered at 1600×840, the largest size an upload is kept at, so
 * every width the pages ask for and the 1200×630 social card are made from real pixels
 * (docs/decisions/021); cards and page headers crop them around the middle, where every scene keeps its
 * subject. Each picture is named by a hash of its bytes. The drawing is deterministic (no Math.random),
 * so the same scene always gives the same file.
 */

/** The drawing's own coordinates. */
const W = 1200;
const H = 630;
/** The rendered picture: the drawing scaled by 4/3. */
export const PICTURE_WIDTH = 1600;
export const PICTURE_HEIGHT = 840;
/** The outer size and the drawing's coordinates of a catalogue picture's SVG. */
const PICTURE_FRAME = `width="${PICTURE_WIDTH}" height="${PICTURE_HEIGHT}" viewBox="0 0 ${W} ${H}"`;

/** Completion photos are 4:3, as a phone takes them. */
export const PHOTO_WIDTH = 1200;
export const PHOTO_HEIGHT = 900;

export type MonasteryScene = 'hillside-gompa' | 'stupa' | 'pagoda' | 'hilltop' | 'alpine' | 'cliffside';
export type PujaMotif =
  | 'lamp'
  | 'lotus'
  | 'wheel'
  | 'stupa'
  | 'smoke'
  | 'vase'
  | 'knot'
  | 'flame'
  | 'parasol';
export type CompletionPhoto = 'lamps' | 'assembly' | 'offerings';

function hsl(hue: number, saturation: number, lightness: number): string {
  return `hsl(${((hue % 360) + 360) % 360} ${saturation}% ${lightness}%)`;
}

/** A small seeded generator, so scattered houses, trees and stars fall in the same places every time. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

// ---- Shared pieces -------------------------------------------------------------------------------

const WALL = '#f8f5ee';
const MAROON = '#7f1d1d';
const GOLD = '#e0a526';
const GOLD_LIGHT = '#facc15';
const GOLD_DARK = '#a16207';
const INK = '#1c1917';
const FLAG_COLOURS = ['#2563eb', '#f8fafc', '#dc2626', '#16a34a', '#eab308'];

function sky(id: string, top: string, bottom: string, width = W, height = H): string {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/>
    </linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#${id})"/>`;
}

/** Prayer flags on a sagging line from (x1, y1) to (x2, y2), the sag pulling towards (cx, cy). */
function prayerFlags(x1: number, y1: number, cx: number, cy: number, x2: number, y2: number, count: number) {
  const flags: string[] = [];
  for (let index = 1; index < count; index += 1) {
    const t = index / count;
    const x = (1 - t) ** 2 * x1 + 2 * (1 - t) * t * cx + t ** 2 * x2;
    const y = (1 - t) ** 2 * y1 + 2 * (1 - t) * t * cy + t ** 2 * y2;
    flags.push(
      `<rect x="${round(x - 9)}" y="${round(y)}" width="18" height="24" fill="${FLAG_COLOURS[index % 5]}" opacity="0.92"/>`,
    );
  }
  return `<path d="M${x1} ${y1} Q${cx} ${cy} ${x2} ${y2}" stroke="#57534e" stroke-width="1.5" fill="none"/>${flags.join('')}`;
}

/** A Tibetan window: a black frame wider at the bottom, a red lintel, dark wood inside. */
function tibetanWindow(x: number, y: number, width: number, height: number): string {
  return `<path d="M${x - 5} ${y + height + 3} L${x + width + 5} ${y + height + 3} L${x + width + 2} ${y - 2} L${x - 2} ${y - 2} Z" fill="${INK}"/>
    <rect x="${x}" y="${y}" width="${width}" height="${height}" fill="#5b1a12"/>
    <rect x="${x + width / 2 - 1}" y="${y}" width="2" height="${height}" fill="${INK}"/>
    <rect x="${x - 5}" y="${y - 8}" width="${width + 10}" height="5" fill="#b91c1c"/>`;
}

interface WallOptions {
  x: number;
  y: number;
  width: number;
  height: number;
  /** How far each side leans in at the top: Tibetan walls are wider at the foot. */
  lean?: number;
  colour?: string;
  band?: string;
  bandHeight?: number;
  windows?: number;
  rows?: number;
  door?: boolean;
}

/** A whitewashed wall with the maroon parapet band (kemar) and rows of windows. */
function gompaWall(options: WallOptions): string {
  const {
    x,
    y,
    width,
    height,
    lean = 6,
    colour = WALL,
    band = MAROON,
    bandHeight = 18,
    windows = 0,
    rows = 1,
    door = false,
  } = options;
  const parts = [
    `<path d="M${x} ${y + height} L${x + width} ${y + height} L${x + width - lean} ${y} L${x + lean} ${y} Z" fill="${colour}"/>`,
    `<rect x="${x + lean}" y="${y}" width="${width - 2 * lean}" height="${bandHeight}" fill="${band}"/>`,
  ];
  // Gilded mirrors on the band.
  const mirrors = Math.max(2, Math.floor(width / 90));
  for (let index = 0; index < mirrors; index += 1) {
    const cx = x + ((index + 0.5) * width) / mirrors;
    parts.push(`<circle cx="${round(cx)}" cy="${y + bandHeight / 2}" r="${bandHeight / 4}" fill="${GOLD}"/>`);
  }
  const windowWidth = Math.min(26, width / (windows * 2 + 1));
  const usable = height - bandHeight - (door ? 10 : 0);
  for (let row = 0; row < rows; row += 1) {
    const wy = y + bandHeight + 14 + (row * usable) / rows;
    for (let index = 0; index < windows; index += 1) {
      const wx = x + ((index + 0.5) * width) / windows - windowWidth / 2;
      if (door && row === rows - 1 && Math.abs(wx + windowWidth / 2 - (x + width / 2)) < width / 8) continue;
      parts.push(tibetanWindow(round(wx), round(wy), round(windowWidth), Math.min(34, usable / rows - 22)));
    }
  }
  if (door) {
    const dw = Math.min(60, width / 5);
    const dh = Math.min(90, height * 0.45);
    parts.push(
      `<rect x="${x + width / 2 - dw / 2 - 6}" y="${y + height - dh - 6}" width="${dw + 12}" height="${dh + 6}" fill="${INK}"/>`,
      `<rect x="${x + width / 2 - dw / 2}" y="${y + height - dh}" width="${dw}" height="${dh}" fill="#b91c1c"/>`,
      `<rect x="${x + width / 2 - 1}" y="${y + height - dh}" width="2" height="${dh}" fill="${GOLD_DARK}"/>`,
      `<path d="M${x + width / 2 - dw / 2 - 12} ${y + height - dh - 6} L${x + width / 2 + dw / 2 + 12} ${y + height - dh - 6} L${x + width / 2 + dw / 2} ${y + height - dh - 18} L${x + width / 2 - dw / 2} ${y + height - dh - 18} Z" fill="${GOLD}"/>`,
    );
  }
  return parts.join('');
}

/** A gilded roof with upturned eaves, its base at `y`, and the finial (ganjira) on top. */
function goldenRoof(cx: number, y: number, width: number, height: number, finial = true): string {
  const half = width / 2;
  const top = half * 0.45;
  const roof = `<path d="M${cx - half - 16} ${y - 10} Q${cx - half} ${y + 2} ${cx - half + 14} ${y} L${cx + half - 14} ${y} Q${cx + half} ${y + 2} ${cx + half + 16} ${y - 10} L${cx + top} ${y - height} L${cx - top} ${y - height} Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="2"/>
    <rect x="${cx - half + 8}" y="${y - 5}" width="${width - 16}" height="5" fill="${GOLD_DARK}" opacity="0.6"/>`;
  if (!finial) return roof;
  return `${roof}<path d="M${cx - 9} ${y - height} L${cx + 9} ${y - height} L${cx + 6} ${y - height - 16} Q${cx} ${y - height - 40} ${cx - 6} ${y - height - 16} Z" fill="${GOLD_LIGHT}" stroke="${GOLD_DARK}" stroke-width="1.5"/>`;
}

/** Victory banners (gyaltsen) standing on a roof's corners. */
function victoryBanners(xs: number[], y: number): string {
  return xs
    .map(
      (x) =>
        `<rect x="${x - 5}" y="${y - 26}" width="10" height="26" rx="4" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="1.5"/><rect x="${x - 1}" y="${y - 34}" width="2" height="8" fill="${GOLD_DARK}"/>`,
    )
    .join('');
}

/** The Dharma wheel between two deer, over a temple's entrance. */
function wheelAndDeer(cx: number, y: number): string {
  const spokes = Array.from(
    { length: 8 },
    (_, index) =>
      `<rect x="${cx - 1}" y="${y - 26}" width="2" height="12" fill="${GOLD_DARK}" transform="rotate(${index * 45} ${cx} ${y - 14})"/>`,
  ).join('');
  return `<circle cx="${cx}" cy="${y - 14}" r="13" fill="none" stroke="${GOLD}" stroke-width="4"/>${spokes}
    <ellipse cx="${cx - 26}" cy="${y - 6}" rx="10" ry="6" fill="${GOLD}"/><circle cx="${cx - 20}" cy="${y - 14}" r="4" fill="${GOLD}"/>
    <ellipse cx="${cx + 26}" cy="${y - 6}" rx="10" ry="6" fill="${GOLD}"/><circle cx="${cx + 20}" cy="${y - 14}" r="4" fill="${GOLD}"/>`;
}

/** A white stupa (chorten) standing at (cx, baseY). */
function chorten(cx: number, baseY: number, scale: number): string {
  return `<g transform="translate(${cx} ${baseY}) scale(${scale})">
      <rect x="-62" y="-16" width="124" height="16" fill="#e7e5e4"/>
      <rect x="-52" y="-30" width="104" height="14" fill="#f5f5f4"/>
      <rect x="-42" y="-42" width="84" height="12" fill="#e7e5e4"/>
      <path d="M-40 -42 C-40 -104 40 -104 40 -42 Z" fill="#fafaf9" stroke="#d6d3d1" stroke-width="2"/>
      <rect x="-15" y="-114" width="30" height="20" fill="${GOLD}"/>
      <path d="M-11 -168 L11 -168 L15 -114 L-15 -114 Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="1.5"/>
      ${[-156, -144, -132, -122].map((step) => `<line x1="-14" y1="${step}" x2="14" y2="${step}" stroke="${GOLD_DARK}" stroke-width="1.5"/>`).join('')}
      <path d="M-18 -168 Q0 -182 18 -168 Z" fill="${GOLD_LIGHT}"/>
      <circle cx="0" cy="-188" r="5" fill="${GOLD_LIGHT}"/>
    </g>`;
}

function cypress(x: number, baseY: number, height: number, colour = '#14532d'): string {
  return `<rect x="${x - 3}" y="${baseY - 12}" width="6" height="12" fill="#422006"/><ellipse cx="${x}" cy="${round(baseY - 10 - height / 2)}" rx="${round(height / 5)}" ry="${round(height / 2)}" fill="${colour}"/>`;
}

function pine(x: number, baseY: number, height: number, colour = '#166534'): string {
  const half = height / 3;
  return `<rect x="${x - 3}" y="${baseY - 10}" width="6" height="10" fill="#422006"/>${[0, 1, 2]
    .map((tier) => {
      const bottom = baseY - 8 - tier * half * 0.8;
      const width = half * (1.1 - tier * 0.25);
      return `<path d="M${round(x - width)} ${round(bottom)} L${round(x + width)} ${round(bottom)} L${x} ${round(bottom - half * 1.2)} Z" fill="${colour}"/>`;
    })
    .join('')}`;
}

/** Flat-roofed valley houses, brick and plaster, scattered between x0 and x1 along a baseline. */
function valleyHouses(random: () => number, x0: number, x1: number, baseY: number, scale: number): string {
  const colours = ['#b45309', '#c2410c', '#e7e5e4', '#fde68a', '#fca5a5', '#a8a29e', '#fdba74'];
  const houses: string[] = [];
  for (let x = x0; x < x1; ) {
    const width = (18 + random() * 26) * scale;
    const height = (16 + random() * 34) * scale;
    const y = baseY - height + random() * 10 * scale;
    const colour = colours[Math.floor(random() * colours.length)];
    houses.push(
      `<rect x="${round(x)}" y="${round(y)}" width="${round(width)}" height="${round(height + 20)}" fill="${colour}"/>`,
      `<rect x="${round(x - 1)}" y="${round(y - 3)}" width="${round(width + 2)}" height="3" fill="#57534e"/>`,
    );
    if (width > 22 * scale) {
      houses.push(
        `<rect x="${round(x + width * 0.2)}" y="${round(y + height * 0.3)}" width="${round(4 * scale)}" height="${round(6 * scale)}" fill="#292524"/>`,
        `<rect x="${round(x + width * 0.65)}" y="${round(y + height * 0.3)}" width="${round(4 * scale)}" height="${round(6 * scale)}" fill="#292524"/>`,
      );
    }
    x += width + random() * 6 * scale;
  }
  return houses.join('');
}

function cloud(x: number, y: number, scale: number, opacity = 0.9): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})" fill="#ffffff" opacity="${opacity}">
      <ellipse cx="0" cy="0" rx="60" ry="20"/><ellipse cx="-34" cy="6" rx="34" ry="16"/><ellipse cx="38" cy="4" rx="40" ry="18"/><ellipse cx="6" cy="-14" rx="32" ry="20"/>
    </g>`;
}

function birds(points: [number, number][]): string {
  return points
    .map(
      ([x, y]) =>
        `<path d="M${x - 10} ${y} Q${x - 5} ${y - 6} ${x} ${y} Q${x + 5} ${y - 6} ${x + 10} ${y}" stroke="#292524" stroke-width="2" fill="none"/>`,
    )
    .join('');
}

/** A row of prayer wheels under a little roof, as pilgrims walk past turning them. */
function prayerWheelRow(x: number, baseY: number, count: number): string {
  const spacing = 22;
  const width = count * spacing + 16;
  const wheels = Array.from({ length: count }, (_, index) => {
    const wx = x + 8 + index * spacing;
    return `<rect x="${wx}" y="${baseY - 40}" width="16" height="30" rx="3" fill="#b91c1c"/><rect x="${wx}" y="${baseY - 30}" width="16" height="4" fill="${GOLD}"/><rect x="${wx}" y="${baseY - 19}" width="16" height="3" fill="${GOLD}"/>`;
  }).join('');
  return `<rect x="${x}" y="${baseY - 10}" width="${width}" height="10" fill="#d6d3d1"/>
    <rect x="${x}" y="${baseY - 50}" width="${width}" height="6" fill="${MAROON}"/>
    <path d="M${x - 10} ${baseY - 50} L${x + width + 10} ${baseY - 50} L${x + width - 4} ${baseY - 64} L${x + 4} ${baseY - 64} Z" fill="#15803d"/>
    <rect x="${x}" y="${baseY - 44}" width="4" height="34" fill="${MAROON}"/><rect x="${x + width - 4}" y="${baseY - 44}" width="4" height="34" fill="${MAROON}"/>
    ${wheels}`;
}

/** Snow-capped peaks along the horizon: a rock silhouette and its snow. */
function snowRange(rock: string, peaks: string, snow: string, opacity = 1): string {
  return `<path d="${peaks}" fill="${rock}" opacity="${opacity}"/><path d="${snow}" fill="#f8fafc" opacity="${Math.min(1, opacity + 0.05)}"/>`;
}

// ---- Monastery scenes ----------------------------------------------------------------------------

/** Kopan: a gompa on a terraced green hill above the Kathmandu valley, a row of prayer wheels before it. */
function hillsideGompa(hue: number): string {
  const random = seeded(11);
  return `${sky('sky', hsl(hue + 175, 55, 72), hsl(hue + 20, 80, 90))}
    <circle cx="1050" cy="110" r="48" fill="#fff7ed" opacity="0.9"/>
    ${cloud(220, 90, 1.1)}${cloud(860, 150, 0.8, 0.75)}
    ${snowRange(
      hsl(hue + 200, 18, 62),
      'M0 250 L90 200 L160 230 L260 150 L340 210 L430 170 L520 220 L640 140 L730 200 L820 170 L930 230 L1040 180 L1200 240 L1200 330 L0 330 Z',
      'M260 150 L290 175 L275 178 L300 198 L262 186 L232 178 Z M640 140 L672 168 L656 170 L684 196 L640 178 L610 168 Z M1040 180 L1068 202 L1054 204 L1076 222 L1040 210 L1016 200 Z',
      0.8,
    )}
    <path d="M0 330 Q300 300 600 335 T1200 320 L1200 630 L0 630 Z" fill="${hsl(hue + 100, 22, 62)}"/>
    ${valleyHouses(random, 0, 460, 470, 0.7)}
    <path d="M0 470 L0 630 L1200 630 L1200 420 Q1060 350 880 330 Q700 320 560 380 Q430 440 300 470 Z" fill="#4d7c0f"/>
    ${[400, 430, 460, 500, 540]
      .map(
        (y, index) =>
          `<path d="M${330 + index * 40} ${y + 20} Q${700 + index * 10} ${y - 70 + index * 8} 1200 ${y - 40 + index * 10}" stroke="#3f6212" stroke-width="3" fill="none" opacity="0.7"/>`,
      )
      .join('')}
    <path d="M560 430 L1120 430 L1150 452 L530 452 Z" fill="#a8a29e"/>
    ${gompaWall({ x: 610, y: 300, width: 420, height: 130, windows: 6, rows: 2, door: true })}
    ${gompaWall({ x: 680, y: 228, width: 280, height: 72, windows: 5, rows: 1 })}
    ${gompaWall({ x: 760, y: 186, width: 120, height: 42, windows: 2, rows: 1, bandHeight: 12 })}
    ${goldenRoof(820, 186, 150, 36)}
    ${victoryBanners([688, 952], 228)}${victoryBanners([618, 1022], 300)}
    ${wheelAndDeer(820, 300)}
    ${prayerWheelRow(640, 500, 16)}
    ${chorten(500, 436, 0.62)}
    ${cypress(580, 440, 90)}${cypress(1080, 432, 110)}${cypress(1130, 440, 80)}${cypress(455, 452, 70)}
    ${prayerFlags(820, 150, 980, 230, 1190, 260, 14)}
    ${prayerFlags(500, 320, 420, 380, 300, 420, 9)}`;
}

/** Shechen: the great stupa of Boudhanath, its eyes and prayer flags, the monastery behind, at dusk. */
function greatStupa(hue: number): string {
  const random = seeded(23);
  const eyes = (x: number) =>
    `<path d="M${x - 15} 250 Q${x} 238 ${x + 15} 250 Q${x} 256 ${x - 15} 250 Z" fill="#ffffff"/><circle cx="${x}" cy="249" r="5" fill="#1e3a8a"/><path d="M${x - 17} 238 Q${x} 228 ${x + 17} 238" stroke="${INK}" stroke-width="3" fill="none"/>`;
  const steps = Array.from({ length: 13 }, (_, index) => {
    const y = 222 - index * 8;
    const half = 34 - index * 1.7;
    return `<rect x="${round(520 - half)}" y="${y - 7}" width="${round(half * 2)}" height="7" fill="${index % 2 ? GOLD : GOLD_LIGHT}" stroke="${GOLD_DARK}" stroke-width="1"/>`;
  }).join('');
  return `${sky('sky', hsl(hue + 250, 45, 38), hsl(hue + 25, 90, 70))}
    <circle cx="150" cy="330" r="70" fill="#fed7aa" opacity="0.85"/>
    <path d="M0 400 Q200 340 420 380 T820 360 T1200 380 L1200 630 L0 630 Z" fill="${hsl(hue + 260, 25, 30)}" opacity="0.6"/>
    ${gompaWall({ x: 880, y: 300, width: 290, height: 190, windows: 4, rows: 2, colour: '#991b1b', band: '#450a0a', door: true })}
    ${goldenRoof(1025, 300, 220, 44)}${victoryBanners([892, 1158], 300)}
    ${prayerFlags(520, 110, 300, 280, 20, 470, 24)}
    ${prayerFlags(520, 110, 740, 280, 1010, 470, 24)}
    <rect x="160" y="488" width="720" height="30" fill="#f5f5f4"/>
    <rect x="210" y="460" width="620" height="30" fill="#e7e5e4"/>
    <rect x="260" y="434" width="520" height="28" fill="#f5f5f4"/>
    <path d="M300 434 C300 226 740 226 740 434 Z" fill="#fafaf9" stroke="#d6d3d1" stroke-width="3"/>
    <path d="M330 420 C340 280 700 280 710 420" stroke="#fcd34d" stroke-width="6" fill="none" opacity="0.45"/>
    <rect x="470" y="228" width="100" height="42" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="2"/>
    <rect x="462" y="268" width="116" height="10" fill="${GOLD_DARK}"/>
    ${eyes(495)}${eyes(545)}
    <path d="M517 256 Q526 262 518 266 Q513 270 520 272" stroke="${INK}" stroke-width="2.5" fill="none"/>
    ${steps}
    <path d="M484 118 Q520 96 556 118 Z" fill="${GOLD_LIGHT}" stroke="${GOLD_DARK}" stroke-width="2"/>
    <rect x="517" y="82" width="6" height="24" fill="${GOLD}"/><circle cx="520" cy="78" r="7" fill="${GOLD_LIGHT}"/>
    ${valleyHouses(random, 0, 170, 540, 1.2)}${valleyHouses(random, 880, 1200, 540, 1.2)}
    <rect x="0" y="540" width="1200" height="90" fill="#a8a29e"/>
    <path d="M0 560 L1200 560 M0 590 L1200 590" stroke="#78716c" stroke-width="2"/>
    ${birds([
      [180, 160],
      [214, 142],
      [250, 170],
      [760, 120],
      [790, 136],
    ])}`;
}

/** Ka-Nying Shedrub Ling, the White Monastery: a white hall under a three-tiered golden pagoda roof. */
function pagodaTemple(hue: number): string {
  const random = seeded(37);
  return `${sky('sky', hsl(hue + 160, 70, 62), hsl(hue + 150, 60, 90))}
    ${cloud(160, 110, 1.2)}${cloud(1010, 80, 1)}${cloud(640, 60, 0.6, 0.7)}
    <path d="M0 360 Q160 300 340 340 T720 320 T1200 350 L1200 630 L0 630 Z" fill="#65a30d" opacity="0.55"/>
    ${valleyHouses(random, 0, 250, 470, 0.9)}${valleyHouses(random, 960, 1200, 470, 0.9)}
    <rect x="0" y="470" width="1200" height="160" fill="#d6d3d1"/>
    <path d="M0 560 L1200 560 L1200 630 L0 630 Z" fill="#a8a29e"/>
    ${gompaWall({ x: 250, y: 360, width: 190, height: 130, windows: 3, rows: 2 })}
    ${gompaWall({ x: 760, y: 360, width: 190, height: 130, windows: 3, rows: 2 })}
    ${goldenRoof(345, 360, 170, 24, false)}${goldenRoof(855, 360, 170, 24, false)}
    ${gompaWall({ x: 400, y: 300, width: 400, height: 200, windows: 5, rows: 2, door: true, bandHeight: 22 })}
    <rect x="430" y="500" width="340" height="14" fill="#e7e5e4"/><rect x="450" y="514" width="300" height="14" fill="#d6d3d1"/>
    ${goldenRoof(600, 300, 430, 46, false)}
    ${gompaWall({ x: 475, y: 214, width: 250, height: 42, bandHeight: 14, windows: 4, rows: 1, lean: 2 })}
    ${goldenRoof(600, 214, 300, 38, false)}
    ${gompaWall({ x: 530, y: 148, width: 140, height: 30, bandHeight: 10, lean: 2 })}
    ${goldenRoof(600, 148, 180, 32)}
    ${victoryBanners([412, 788], 300)}${wheelAndDeer(600, 260)}
    <rect x="140" y="230" width="6" height="270" fill="#78716c"/>
    <path d="M146 236 L196 250 L146 264 Z M146 270 L196 284 L146 298 Z" fill="#dc2626"/>
    <rect x="1054" y="230" width="6" height="270" fill="#78716c"/>
    <path d="M1060 236 L1110 250 L1060 264 Z M1060 270 L1110 284 L1060 298 Z" fill="#2563eb"/>
    ${cypress(70, 500, 120)}${cypress(1130, 500, 120)}`;
}

/** Thrangu at Namo Buddha: a hilltop monastery on forested ridges in morning mist. */
function hilltopMonastery(hue: number): string {
  const random = seeded(41);
  const forest = (y0: number, x0: number, x1: number, colour: string, size: number) => {
    const trees: string[] = [];
    for (let x = x0; x < x1; x += size * 0.55 + random() * size * 0.4)
      trees.push(pine(round(x), round(y0 + random() * 18), round(size * (0.8 + random() * 0.5)), colour));
    return trees.join('');
  };
  return `${sky('sky', hsl(hue + 60, 45, 78), hsl(hue - 80, 70, 92))}
    <circle cx="220" cy="150" r="58" fill="#fef3c7"/>
    <path d="M0 300 Q150 230 320 270 T680 250 T1200 280 L1200 630 L0 630 Z" fill="#86a88a"/>
    <ellipse cx="600" cy="300" rx="700" ry="26" fill="#ffffff" opacity="0.45"/>
    <path d="M0 380 Q200 320 420 360 Q560 300 600 250 Q660 300 820 340 Q1000 300 1200 360 L1200 630 L0 630 Z" fill="#4d7c57"/>
    <path d="M440 330 Q520 250 600 236 Q700 250 780 330 Z" fill="#3f6b47"/>
    ${prayerFlags(600, 110, 760, 190, 1000, 170, 12)}
    ${prayerFlags(600, 110, 420, 200, 200, 290, 12)}
    ${gompaWall({ x: 370, y: 300, width: 130, height: 60, windows: 3, rows: 1, bandHeight: 12 })}
    ${gompaWall({ x: 700, y: 300, width: 130, height: 60, windows: 3, rows: 1, bandHeight: 12 })}
    ${gompaWall({ x: 300, y: 340, width: 110, height: 50, windows: 2, rows: 1, bandHeight: 10 })}
    ${gompaWall({ x: 790, y: 340, width: 110, height: 50, windows: 2, rows: 1, bandHeight: 10 })}
    ${gompaWall({ x: 480, y: 186, width: 240, height: 120, windows: 4, rows: 2, door: true })}
    ${goldenRoof(600, 186, 260, 44)}${victoryBanners([490, 710], 186)}
    ${goldenRoof(435, 300, 140, 18, false)}${goldenRoof(765, 300, 140, 18, false)}
    <rect x="440" y="306" width="320" height="12" fill="#a8a29e"/>
    ${chorten(1000, 360, 0.7)}
    <ellipse cx="600" cy="400" rx="720" ry="30" fill="#ffffff" opacity="0.5"/>
    <path d="M0 430 Q300 380 600 420 T1200 410 L1200 630 L0 630 Z" fill="#2f5d3a"/>
    ${forest(430, -10, 1210, '#1f4d2b', 60)}
    <path d="M0 520 Q300 480 600 510 T1200 500 L1200 630 L0 630 Z" fill="#1d3f26"/>
    ${forest(540, -20, 1220, '#123520', 90)}
`;
}

/** Tengboche: a gompa on an alpine ridge beneath Ama Dablam and Everest, under a deep blue sky. */
function alpineGompa(hue: number): string {
  return `${sky('sky', hsl(hue + 20, 75, 32), hsl(hue + 10, 60, 74))}
    ${snowRange(
      '#64748b',
      'M0 330 L120 220 L200 260 L300 120 L360 160 L420 100 L520 250 L600 300 L0 360 Z',
      'M300 120 L330 150 L318 152 L344 180 L310 168 L290 176 L282 150 Z M420 100 L446 130 L436 134 L470 180 L430 156 L404 168 L398 132 Z',
      0.9,
    )}
    <path d="M414 96 Q470 80 540 92" stroke="#f8fafc" stroke-width="10" fill="none" opacity="0.6" stroke-linecap="round"/>
    <path d="M560 340 L700 220 L760 230 L830 60 L860 48 L905 160 L960 190 L1040 260 L1200 300 L1200 380 L560 380 Z" fill="#475569"/>
    <path d="M830 60 L860 48 L905 160 L880 150 L870 190 L850 140 L820 170 L815 110 Z M700 220 L760 230 L742 250 L716 244 Z M960 190 L1040 260 L1000 252 L980 232 L950 236 Z" fill="#f8fafc"/>
    <path d="M0 400 Q240 340 520 380 Q800 330 1200 390 L1200 630 L0 630 Z" fill="#78716c"/>
    <path d="M0 460 Q300 400 600 430 Q900 400 1200 450 L1200 630 L0 630 Z" fill="#65712f"/>
    ${[
      [140, 480],
      [190, 470],
      [250, 486],
      [880, 470],
      [930, 462],
      [1000, 478],
      [1060, 470],
      [300, 500],
      [820, 496],
    ]
      .map(
        ([x, y]) =>
          `<ellipse cx="${x}" cy="${y}" rx="26" ry="14" fill="#3f6212"/><circle cx="${(x ?? 0) - 8}" cy="${(y ?? 0) - 6}" r="4" fill="#f472b6"/><circle cx="${(x ?? 0) + 9}" cy="${(y ?? 0) - 3}" r="4" fill="#ec4899"/>`,
      )
      .join('')}
    ${gompaWall({ x: 430, y: 290, width: 340, height: 170, windows: 4, rows: 2, door: true, band: '#991b1b' })}
    ${goldenRoof(600, 290, 250, 40)}${victoryBanners([440, 760], 290)}
    ${gompaWall({ x: 330, y: 380, width: 110, height: 80, windows: 2, rows: 1, bandHeight: 12 })}
    ${gompaWall({ x: 760, y: 380, width: 110, height: 80, windows: 2, rows: 1, bandHeight: 12 })}
    <path d="M300 460 L900 460 L930 480 L270 480 Z" fill="#a8a29e"/>
    <g transform="translate(600 560)">
      <rect x="-70" y="-60" width="22" height="60" fill="${WALL}"/><rect x="48" y="-60" width="22" height="60" fill="${WALL}"/>
      <rect x="-80" y="-86" width="160" height="28" fill="${MAROON}"/>
      <path d="M-92 -86 L92 -86 L70 -104 L-70 -104 Z" fill="#b45309"/>
      <path d="M-8 -104 L8 -104 L5 -118 Q0 -134 -5 -118 Z" fill="${GOLD_LIGHT}"/>
    </g>
    ${chorten(1000, 520, 0.55)}
    ${prayerFlags(600, 200, 800, 270, 1100, 300, 14)}`;
}

/** Benchen: a monastery on a rocky bluff with a stair cut into the cliff, Swayambhu's hill beyond, at sunset. */
function cliffsideMonastery(hue: number): string {
  const strata = Array.from(
    { length: 9 },
    (_, index) =>
      `<path d="M${560 + index * 12} ${340 + index * 32} Q${880} ${320 + index * 34} 1200 ${350 + index * 30}" stroke="#57534e" stroke-width="3" fill="none" opacity="0.45"/>`,
  ).join('');
  const stairs = [
    [640, 610, 760, 540],
    [760, 540, 660, 470],
    [660, 470, 780, 400],
    [780, 400, 700, 345],
  ]
    .map(
      ([x1, y1, x2, y2]) =>
        `<path d="M${x1} ${y1} L${x2} ${y2}" stroke="#e7e5e4" stroke-width="9" stroke-dasharray="6 4"/>`,
    )
    .join('');
  const random = seeded(53);
  const lights = Array.from(
    { length: 40 },
    () =>
      `<circle cx="${round(random() * 560)}" cy="${round(470 + random() * 150)}" r="${round(1.5 + random() * 2)}" fill="#fde68a" opacity="0.85"/>`,
  ).join('');
  return `${sky('sky', hsl(hue + 30, 55, 35), hsl(hue + 110, 90, 72))}
    <circle cx="220" cy="300" r="80" fill="#fdba74" opacity="0.95"/>
    <path d="M0 380 Q120 300 240 310 Q380 320 600 430 L600 630 L0 630 Z" fill="${hsl(hue + 60, 30, 30)}" opacity="0.75"/>
    ${chorten(240, 316, 0.5)}
    <path d="M0 450 Q260 400 600 440 L600 630 L0 630 Z" fill="${hsl(hue + 80, 25, 24)}"/>
    ${lights}
    <path d="M560 630 L548 570 L574 520 L556 470 L588 420 L580 372 L606 340 L640 300 L1200 300 L1200 630 Z" fill="#a16207"/>
    <path d="M560 630 L548 570 L574 520 L556 470 L588 420 L580 372 L606 340 L640 300 L660 300 L630 360 L650 420 L620 480 L640 540 L610 630 Z" fill="#713f12" opacity="0.7"/>
    <path d="M640 300 L1200 300 L1200 326 L630 326 Z" fill="#854d0e"/>
    ${strata}
    ${stairs}
    ${gompaWall({ x: 700, y: 170, width: 300, height: 130, windows: 4, rows: 2, door: true, colour: '#fef3c7', band: MAROON })}
    ${goldenRoof(850, 170, 230, 40)}${victoryBanners([710, 990], 170)}
    ${gompaWall({ x: 1000, y: 210, width: 170, height: 90, windows: 3, rows: 1, colour: '#991b1b', band: '#450a0a' })}
    ${goldenRoof(1085, 210, 150, 26, false)}
    ${gompaWall({ x: 620, y: 240, width: 90, height: 60, windows: 1, rows: 1, bandHeight: 10 })}
    ${pine(600, 330, 70, '#14532d')}${pine(1180, 300, 80, '#14532d')}
    ${[
      [880, 420],
      [1000, 470],
      [1120, 400],
      [940, 560],
      [1090, 590],
    ]
      .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="30" ry="12" fill="#3f6212" opacity="0.85"/>`)
      .join('')}
    ${prayerFlags(850, 110, 720, 200, 560, 330, 12)}
    ${birds([
      [420, 180],
      [452, 160],
      [486, 190],
      [380, 210],
    ])}`;
}

const scenes: Record<MonasteryScene, (hue: number) => string> = {
  'hillside-gompa': hillsideGompa,
  stupa: greatStupa,
  pagoda: pagodaTemple,
  hilltop: hilltopMonastery,
  alpine: alpineGompa,
  cliffside: cliffsideMonastery,
};

/** The SVG of a monastery's picture (exported for tests: each scene must be its own drawing). */
export function monasterySvg(scene: MonasteryScene, hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" ${PICTURE_FRAME}>${scenes[scene](hue)}</svg>`;
}

// ---- Puja pictures: a ritual object on a lotus seat before a shrine's brocade ---------------------

/** Drawn around (480, 400); placed on the shrine by `pujaSvg`. */
const motifs: Record<PujaMotif, string> = {
  lamp: `<path d="M440 420 L520 420 L500 470 L460 470 Z" fill="#d97706"/><rect x="470" y="470" width="20" height="40" fill="#b45309"/><rect x="440" y="505" width="80" height="14" fill="#92400e"/><path d="M480 300 C455 350 460 395 480 410 C500 395 505 350 480 300 Z" fill="#fde047"/><path d="M480 340 C470 370 472 395 480 402 C488 395 490 370 480 340 Z" fill="#f97316"/>`,
  lotus: Array.from({ length: 7 }, (_, index) => {
    const angle = (index - 3) * 24;
    return `<ellipse cx="480" cy="380" rx="26" ry="90" fill="#fbcfe8" stroke="#be185d" stroke-width="3" transform="rotate(${angle} 480 470)"/>`;
  }).join(''),
  wheel: `<circle cx="480" cy="400" r="100" fill="none" stroke="#facc15" stroke-width="14"/><circle cx="480" cy="400" r="22" fill="#facc15"/>${Array.from(
    { length: 8 },
    (_, index) =>
      `<rect x="474" y="300" width="12" height="100" fill="#facc15" transform="rotate(${index * 45} 480 400)"/>`,
  ).join('')}`,
  stupa: `<rect x="400" y="470" width="160" height="40" fill="#f5f5f4"/><path d="M410 470 C410 390 550 390 550 470 Z" fill="#fafaf9"/><rect x="455" y="360" width="50" height="40" fill="#fde68a"/><path d="M462 360 L498 360 L486 280 L474 280 Z" fill="#d97706"/><path d="M470 280 L490 280 L480 255 Z" fill="#facc15"/>`,
  smoke: `<path d="M430 510 L530 510 L515 470 L445 470 Z" fill="#e7e5e4" stroke="#78716c" stroke-width="4"/><rect x="440" y="455" width="80" height="18" rx="4" fill="#d6d3d1" stroke="#78716c" stroke-width="3"/><path d="M446 455 Q462 440 470 455 Q482 436 494 455 Q506 440 514 455 Z" fill="#15803d"/><path d="M470 440 C440 400 500 380 470 340 C445 305 490 290 480 260" stroke="#f5f5f4" stroke-width="14" fill="none" stroke-linecap="round" opacity="0.9"/><path d="M492 440 C520 405 470 380 500 345 C520 320 505 300 515 280" stroke="#e7e5e4" stroke-width="9" fill="none" stroke-linecap="round" opacity="0.8"/>`,
  flame: `<path d="M480 270 C420 360 430 450 480 480 C530 450 540 360 480 270 Z" fill="#f97316"/><path d="M480 340 C455 390 460 445 480 460 C500 445 505 390 480 340 Z" fill="#fde047"/>`,
  vase: `<path d="M440 330 L520 330 L505 360 C560 390 560 470 520 500 L440 500 C400 470 400 390 455 360 Z" fill="#1d4ed8" stroke="#facc15" stroke-width="6"/><circle cx="480" cy="430" r="20" fill="#facc15"/>`,
  knot: `<g fill="none" stroke="#facc15" stroke-width="12" stroke-linejoin="round"><path d="M420 340 L540 460 M540 340 L420 460"/><rect x="420" y="340" width="120" height="120" transform="rotate(45 480 400)"/></g>`,
  parasol: `<path d="M370 380 Q480 260 590 380 Z" fill="#fde047" stroke="#b45309" stroke-width="5"/><rect x="474" y="380" width="12" height="130" fill="#92400e"/>${[390, 430, 470, 510, 550].map((x) => `<rect x="${x}" y="378" width="20" height="34" fill="#dc2626"/>`).join('')}`,
};

/** Seven water bowls, the daily offering on every shrine. */
function waterBowls(cx: number, y: number, spacing: number): string {
  return Array.from({ length: 7 }, (_, index) => {
    const x = cx + (index - 3) * spacing;
    return `<path d="M${x - 18} ${y} L${x + 18} ${y} Q${x + 16} ${y + 20} ${x} ${y + 22} Q${x - 16} ${y + 20} ${x - 18} ${y} Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="2"/><ellipse cx="${x}" cy="${y}" rx="18" ry="4" fill="#bae6fd"/>`;
  }).join('');
}

function brocadeBorder(hue: number, width: number, height: number): string {
  const tiles: string[] = [];
  for (let x = 12; x < width; x += 36) {
    tiles.push(
      `<path d="M${x} 16 l10 -10 l10 10 l-10 10 Z" fill="${GOLD}"/>`,
      `<path d="M${x} ${height - 16} l10 -10 l10 10 l-10 10 Z" fill="${GOLD}"/>`,
    );
  }
  return `<rect x="0" y="0" width="${width}" height="32" fill="${hsl(hue + 180, 55, 28)}"/><rect x="0" y="${height - 32}" width="${width}" height="32" fill="${hsl(hue + 180, 55, 28)}"/>${tiles.join('')}`;
}

export function pujaSvg(hue: number, motif: PujaMotif): string {
  const rays = Array.from(
    { length: 24 },
    (_, index) =>
      `<rect x="597" y="70" width="6" height="230" fill="${hsl(hue + 40, 90, 75)}" opacity="0.35" transform="rotate(${index * 15} 600 300)"/>`,
  ).join('');
  const petals = Array.from({ length: 9 }, (_, index) => {
    const x = 450 + index * 37.5;
    return `<path d="M${x - 22} 470 Q${x} 420 ${x + 22} 470 Z" fill="${hsl(hue + 330, 70, 80)}" stroke="${hsl(hue + 330, 60, 50)}" stroke-width="2"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" ${PICTURE_FRAME}>
    <defs><radialGradient id="glow" cx="0.5" cy="0.45" r="0.7">
      <stop offset="0" stop-color="${hsl(hue, 65, 45)}"/><stop offset="1" stop-color="${hsl(hue, 60, 14)}"/>
    </radialGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#glow)"/>
    ${brocadeBorder(hue, W, H)}
    <path d="M90 32 L90 598 M1110 32 L1110 598" stroke="${GOLD}" stroke-width="6" opacity="0.6"/>
    <path d="M40 32 Q200 120 360 32 Z M840 32 Q1000 120 1160 32 Z" fill="${hsl(hue + 180, 55, 36)}"/>
    ${rays}
    <circle cx="600" cy="300" r="190" fill="${hsl(hue + 40, 80, 70)}" opacity="0.25"/>
    <circle cx="600" cy="300" r="150" fill="none" stroke="${GOLD}" stroke-width="4" opacity="0.7"/>
    <g transform="translate(600 325) scale(1.15) translate(-480 -395)">${motifs[motif]}</g>
    ${petals}
    <rect x="420" y="470" width="360" height="20" rx="6" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="2"/>
    <rect x="240" y="530" width="720" height="14" fill="${hsl(hue, 40, 10)}" opacity="0.6"/>
    ${waterBowls(600, 512, 70)}
  </svg>`;
}

// ---- Completion photos of a demo order ----------------------------------------------------------

function lampsPhoto(): string {
  const random = seeded(7);
  const lamps: string[] = [];
  for (let row = 0; row < 4; row += 1) {
    const y = 470 + row * 110;
    const size = 0.8 + row * 0.18;
    for (let x = 60 + (row % 2) * 40; x < PHOTO_WIDTH; x += 90 * size) {
      const flicker = random() * 8;
      lamps.push(
        `<g transform="translate(${round(x)} ${y}) scale(${round(size * 100) / 100})">
          <ellipse cx="0" cy="-70" rx="${22 + flicker}" ry="${32 + flicker}" fill="#fde68a" opacity="0.18"/>
          <path d="M0 -92 C-11 -70 -9 -54 0 -48 C9 -54 11 -70 0 -92 Z" fill="#fde047"/>
          <path d="M0 -76 C-5 -64 -4 -54 0 -51 C4 -54 5 -64 0 -76 Z" fill="#f97316"/>
          <path d="M-30 -46 L30 -46 L20 -16 L-20 -16 Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="2"/>
          <rect x="-6" y="-16" width="12" height="18" fill="${GOLD_DARK}"/><rect x="-20" y="0" width="40" height="8" fill="${GOLD}"/>
        </g>`,
      );
    }
  }
  return `<rect width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="#1c0f08"/>
    <ellipse cx="600" cy="200" rx="520" ry="180" fill="#7c2d12" opacity="0.35"/>
    ${Array.from({ length: 4 }, (_, row) => `<rect x="0" y="${482 + row * 110}" width="${PHOTO_WIDTH}" height="30" fill="#451a03"/>`).join('')}
    ${lamps.join('')}`;
}

function assemblyPhoto(): string {
  const monks: string[] = [];
  for (let row = 0; row < 3; row += 1) {
    const y = 560 + row * 130;
    const scale = 0.8 + row * 0.22;
    for (let index = 0; index < 7 - row; index += 1) {
      const x = 600 + (index - (6 - row) / 2) * 170 * scale;
      monks.push(
        `<g transform="translate(${round(x)} ${y}) scale(${round(scale * 100) / 100})">
          <path d="M-62 40 Q-60 -40 0 -52 Q60 -40 62 40 Z" fill="#7f1d1d"/>
          <path d="M-44 -30 Q-6 -12 34 40" stroke="#5b1010" stroke-width="9" fill="none"/>
          <circle cx="0" cy="-78" r="28" fill="#a16207"/>
          <path d="M-62 40 Q0 20 62 40" stroke="#450a0a" stroke-width="4" fill="none"/>
        </g>`,
      );
    }
  }
  return `<rect width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="#3b0d0c"/>
    <rect x="0" y="0" width="${PHOTO_WIDTH}" height="420" fill="#5b1a12"/>
    ${[120, 400, 800, 1080].map((x) => `<rect x="${x - 22}" y="0" width="44" height="520" fill="#991b1b"/><rect x="${x - 30}" y="40" width="60" height="24" fill="${GOLD}"/><path d="M${x - 26} 80 L${x + 26} 80 L${x + 20} 260 L${x - 20} 260 Z" fill="#2563eb" opacity="0.8"/><path d="M${x - 20} 260 L${x + 20} 260 L${x + 14} 300 L${x - 14} 300 Z" fill="#16a34a"/>`).join('')}
    <circle cx="600" cy="210" r="150" fill="#facc15" opacity="0.25"/>
    <path d="M520 380 Q520 300 560 280 Q540 230 600 200 Q660 230 640 280 Q680 300 680 380 Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="3"/>
    <circle cx="600" cy="180" r="36" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="3"/>
    <path d="M582 150 Q600 120 618 150 Z" fill="#1e3a8a"/>
    <rect x="470" y="380" width="260" height="40" fill="${GOLD_DARK}"/>
    <rect x="0" y="420" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT - 420}" fill="#7c2d12"/>
    ${Array.from({ length: 3 }, (_, row) => `<rect x="0" y="${590 + row * 130}" width="${PHOTO_WIDTH}" height="36" fill="#b91c1c" opacity="0.7"/>`).join('')}
    ${monks.join('')}`;
}

function offeringsPhoto(): string {
  const torma = (x: number, scale: number) =>
    `<g transform="translate(${x} 560) scale(${scale})">
      <path d="M-60 0 Q-50 -120 0 -260 Q50 -120 60 0 Z" fill="#dc2626" stroke="#7f1d1d" stroke-width="3"/>
      ${[-200, -150, -100, -50].map((y) => `<ellipse cx="0" cy="${y}" rx="${16 + (y + 260) / 9}" ry="10" fill="#fef3c7"/>`).join('')}
      <circle cx="0" cy="-240" r="10" fill="#fef3c7"/>
    </g>`;
  return `<rect width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="#292524"/>
    <rect x="330" y="40" width="540" height="380" fill="#7c2d12"/>
    <rect x="360" y="70" width="480" height="320" fill="#1e3a8a"/>
    <circle cx="600" cy="230" r="120" fill="#fbbf24" opacity="0.8"/>
    <circle cx="600" cy="180" r="40" fill="#a16207"/><path d="M530 330 Q530 250 600 230 Q670 250 670 330 Z" fill="#b91c1c"/>
    <rect x="0" y="560" width="${PHOTO_WIDTH}" height="340" fill="#78350f"/>
    <rect x="0" y="560" width="${PHOTO_WIDTH}" height="24" fill="${GOLD}"/>
    ${torma(600, 1)}${torma(380, 0.7)}${torma(820, 0.7)}
    ${waterBowls(600, 680, 120)}
    ${[150, 1050].map((x) => `<rect x="${x - 40}" y="420" width="80" height="140" fill="#0f766e"/>${Array.from({ length: 6 }, (_, index) => `<circle cx="${x - 30 + (index % 3) * 30}" cy="${400 - Math.floor(index / 3) * 30}" r="22" fill="${index % 2 ? '#f97316' : '#facc15'}"/>`).join('')}`).join('')}
    <path d="M0 800 L1200 800 L1200 900 L0 900 Z" fill="#451a03"/>`;
}

const photos: Record<CompletionPhoto, () => string> = {
  lamps: lampsPhoto,
  assembly: assemblyPhoto,
  offerings: offeringsPhoto,
};

// ---- Rendering ------------------------------------------------------------------------------------

export interface RenderedPicture {
  bytes: Buffer;
  hash: string;
  width: number;
  height: number;
}

async function render(svg: string, quality = 78): Promise<RenderedPicture> {
  const { data, info } = await sharp(Buffer.from(svg))
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
  return {
    bytes: data,
    hash: createHash('sha256').update(data).digest('hex').slice(0, 12),
    width: info.width,
    height: info.height,
  };
}

export function renderMonasteryPicture(scene: MonasteryScene, hue: number): Promise<RenderedPicture> {
  return render(monasterySvg(scene, hue));
}

export function renderPujaPicture(hue: number, motif: PujaMotif): Promise<RenderedPicture> {
  return render(pujaSvg(hue, motif));
}

/** A photo "taken" at a completed demo puja, encoded as staff uploads are kept (WebP, quality 82). */
export function renderCompletionPhoto(kind: CompletionPhoto): Promise<RenderedPicture> {
  return render(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" viewBox="0 0 ${PHOTO_WIDTH} ${PHOTO_HEIGHT}">${photos[kind]()}</svg>`,
    82,
  );
}
