import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * Pictures made for the project (no downloads): a Himalayan sky and ridge line with a monastery or a
 * ritual motif, drawn as SVG and rendered to WebP. Each picture is named by a hash of its bytes.
 */

const WIDTH = 960;
const HEIGHT = 600;

function hsl(hue: number, saturation: number, lightness: number): string {
  return `hsl(${((hue % 360) + 360) % 360} ${saturation}% ${lightness}%)`;
}

function ridges(hue: number): string {
  return `
    <path d="M0 420 L140 300 L230 360 L360 220 L470 330 L600 190 L720 320 L830 260 L960 350 L960 600 L0 600 Z" fill="${hsl(hue + 200, 25, 40)}" opacity="0.55"/>
    <path d="M360 220 L395 252 L380 250 L410 280 L360 262 L330 250 Z M600 190 L640 228 L620 226 L650 258 L600 236 L570 222 Z" fill="#f8fafc" opacity="0.9"/>
    <path d="M0 480 L180 390 L300 440 L450 370 L620 450 L780 380 L960 450 L960 600 L0 600 Z" fill="${hsl(hue + 180, 30, 26)}"/>`;
}

function prayerFlags(): string {
  const colours = ['#2563eb', '#f8fafc', '#dc2626', '#16a34a', '#eab308'];
  const flags = Array.from({ length: 15 }, (_, index) => {
    const x = 60 + index * 56;
    const y = 70 + Math.sin(index / 2.2) * 18 + index * 2;
    return `<rect x="${x}" y="${y}" width="34" height="42" fill="${colours[index % 5]}" opacity="0.9"/>`;
  }).join('');
  return `<path d="M40 70 Q480 150 920 95" stroke="#78350f" stroke-width="2" fill="none"/>${flags}`;
}

function monasteryBuilding(hue: number): string {
  const wall = '#fafaf9';
  const band = hsl(hue, 70, 32);
  return `
    <g transform="translate(300 300)">
      <rect x="0" y="60" width="360" height="170" fill="${wall}"/>
      <rect x="0" y="60" width="360" height="26" fill="${band}"/>
      <rect x="80" y="0" width="200" height="70" fill="${wall}"/>
      <rect x="80" y="0" width="200" height="18" fill="${band}"/>
      <path d="M60 0 L300 0 L270 -34 L90 -34 Z" fill="#b45309"/>
      <path d="M170 -34 L190 -34 L186 -64 L174 -64 Z" fill="#facc15"/>
      ${[30, 90, 250, 310].map((x) => `<rect x="${x}" y="110" width="26" height="40" fill="#1c1917"/>`).join('')}
      <rect x="155" y="140" width="50" height="90" fill="${hsl(hue, 70, 28)}"/>
    </g>`;
}

const motifs: Record<string, string> = {
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
  flame: `<path d="M480 270 C420 360 430 450 480 480 C530 450 540 360 480 270 Z" fill="#f97316"/><path d="M480 340 C455 390 460 445 480 460 C500 445 505 390 480 340 Z" fill="#fde047"/>`,
  vase: `<path d="M440 330 L520 330 L505 360 C560 390 560 470 520 500 L440 500 C400 470 400 390 455 360 Z" fill="#1d4ed8" stroke="#facc15" stroke-width="6"/><circle cx="480" cy="430" r="20" fill="#facc15"/>`,
  knot: `<g fill="none" stroke="#facc15" stroke-width="12" stroke-linejoin="round"><path d="M420 340 L540 460 M540 340 L420 460"/><rect x="420" y="340" width="120" height="120" transform="rotate(45 480 400)"/></g>`,
  conch: `<path d="M430 460 C410 380 470 300 540 330 C580 350 560 420 520 430 C560 470 480 500 430 460 Z" fill="#fafaf9" stroke="#a8a29e" stroke-width="5"/><path d="M480 350 C510 360 520 400 500 420" stroke="#a8a29e" stroke-width="5" fill="none"/>`,
  parasol: `<path d="M370 380 Q480 260 590 380 Z" fill="#fde047" stroke="#b45309" stroke-width="5"/><rect x="474" y="380" width="12" height="130" fill="#92400e"/>${[390, 430, 470, 510, 550].map((x) => `<rect x="${x}" y="378" width="20" height="34" fill="#dc2626"/>`).join('')}`,
};

function picture(hue: number, foreground: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${hsl(hue, 60, 72)}"/><stop offset="1" stop-color="${hsl(hue + 30, 70, 88)}"/>
    </linearGradient></defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
    <circle cx="800" cy="130" r="56" fill="#fff7ed" opacity="0.85"/>
    ${ridges(hue)}${prayerFlags()}${foreground}
  </svg>`;
}

export interface RenderedPicture {
  bytes: Buffer;
  hash: string;
}

async function render(svg: string): Promise<RenderedPicture> {
  const bytes = await sharp(Buffer.from(svg)).webp({ quality: 78 }).toBuffer();
  return { bytes, hash: createHash('sha256').update(bytes).digest('hex').slice(0, 12) };
}

export function renderMonasteryPicture(hue: number): Promise<RenderedPicture> {
  return render(picture(hue, monasteryBuilding(hue)));
}

export function renderPujaPicture(hue: number, motif: keyof typeof motifs): Promise<RenderedPicture> {
  return render(
    picture(
      hue,
      `<circle cx="480" cy="400" r="150" fill="${hsl(hue, 60, 20)}" opacity="0.55"/>${motifs[motif]}`,
    ),
  );
}
