import type { RunSheetLanguage, RunSheetResponse } from '@puja/contract';
import PDFDocument from 'pdfkit';
import { drawRule, pdfBytes, TextWriter } from './pdf-fonts.ts';
import { runSheetPlanLabel } from './run-sheet-plan-label.ts';

/**
 * The run sheet as a printable A4 PDF (docs/decisions/035): the day's pujas by time and puja, each order
 * with its names to read (living or departed, with the patron's note), a box beside each to tick by hand
 * and the tick already given on the phone, with its time, and the dedication plan a puja is part of. Its labels are in English or Nepali; names are
 * drawn as the patron wrote them, Devanagari and Chinese included (the shared fonts of `pdf-fonts.ts`).
 */
export interface RunSheetPdfOptions {
  language: RunSheetLanguage;
  siteName: string;
  monastery: string;
  /** The business time zone: a tick's time is written in it. */
  businessTimeZone: string;
}

const LABELS = {
  en: {
    title: 'Run sheet',
    day: 'Puja day (Nepal)',
    noTime: 'No time set',
    patron: 'Patron',
    intention: 'Intention',
    noNames: 'No names were given: the puja is offered for the patron.',
    living: 'living',
    departed: 'departed',
    read: 'Read at {time} by {who}',
    empty: 'No approved pujas on this day.',
    more: '{count} more orders of this day are not on this sheet: print it again after completing some.',
    footer: 'Tick each name as it is read.',
  },
  ne: {
    title: 'पूजा सूची',
    day: 'पूजाको दिन (नेपालको मिति)',
    noTime: 'समय तोकिएको छैन',
    patron: 'यजमान',
    intention: 'मनोकामना',
    noNames: 'कुनै नाम दिइएको छैन: पूजा यजमानका लागि गरिन्छ।',
    living: 'जीवित',
    departed: 'दिवंगत',
    read: '{time} मा {who} ले पढ्नुभयो',
    empty: 'यस दिन कुनै स्वीकृत पूजा छैन।',
    more: 'यस दिनका थप {count} अर्डर यो सूचीमा छैनन्: केही सम्पन्न गरेपछि फेरि छाप्नुहोस्।',
    footer: 'हरेक नाम पढ्दा चिनो लगाउनुहोस्।',
  },
} as const satisfies Record<RunSheetLanguage, Record<string, string>>;

const DEVANAGARI_DIGITS = '०१२३४५६७८९';
const PAGE_MARGIN = 48;
const MUTED = '#6b7280';
const BOX = 10;

export async function renderRunSheetPdf(
  sheet: RunSheetResponse,
  options: RunSheetPdfOptions,
): Promise<Buffer> {
  const labels = LABELS[options.language];
  const digits = (text: string) =>
    options.language === 'ne' ? text.replace(/\d/g, (digit) => DEVANAGARI_DIGITS[Number(digit)]!) : text;
  const document = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    // Kept until the end, so that each page's footer can say "page 2/3".
    bufferPages: true,
    lang: options.language,
    displayTitle: true,
    info: {
      Title: `${labels.title} · ${options.monastery} · ${sheet.date}`,
      Author: options.siteName,
      Creator: options.siteName,
    },
  });
  const finished = pdfBytes(document);
  const writer = new TextWriter(document);
  const left = PAGE_MARGIN;
  const width = document.page.width - 2 * PAGE_MARGIN;
  const bottom = () => document.page.height - PAGE_MARGIN - 24;
  /** A new page when what follows (about `height` points) would not fit on this one. */
  const room = (height: number) => {
    if (document.y + height > bottom()) {
      document.addPage();
      document.y = PAGE_MARGIN;
    }
  };

  writer.write(options.siteName, { x: left, y: PAGE_MARGIN, width, size: 10, color: MUTED });
  writer.write(`${labels.title} · ${options.monastery}`, {
    x: left,
    y: document.y + 4,
    width,
    size: 20,
    bold: true,
  });
  writer.write(`${labels.day}: ${digits(sheet.date)}`, { x: left, y: document.y + 4, width, size: 12 });
  document.y += 10;

  if (sheet.groups.length === 0) writer.write(labels.empty, { x: left, y: document.y + 8, width, size: 12 });

  for (const group of sheet.groups) {
    room(60);
    drawRule(document, left, width, document.y + 6);
    writer.write(`${group.time ? digits(group.time) : labels.noTime} · ${group.puja.name}`, {
      x: left,
      y: document.y + 14,
      width,
      size: 15,
      bold: true,
    });
    for (const order of group.orders) {
      room(50);
      writer.write(`${order.number} · ${labels.patron}: ${order.patron}`, {
        x: left,
        y: document.y + 10,
        width,
        size: 10,
        color: MUTED,
      });
      // Which plan the puja is part of ("49 days for Tenzin Dorje, 3 of 7"), as the screen says it.
      const plan = runSheetPlanLabel(order.plan, options.language, digits);
      if (plan) writer.write(plan, { x: left, y: document.y + 3, width, size: 11, bold: true });
      if (order.intention)
        writer.write(`${labels.intention}: ${order.intention}`, {
          x: left,
          y: document.y + 3,
          width,
          size: 11,
        });
      if (order.names.length === 0)
        writer.write(labels.noNames, { x: left, y: document.y + 3, width, size: 11, color: MUTED });
      for (const name of order.names) {
        room(30);
        const y = document.y + 6;
        drawBox(document, left, y + 2, name.read_at !== null);
        const state = name.departed ? labels.departed : labels.living;
        const text = `${name.name} (${state})${name.note ? ` — ${name.note}` : ''}`;
        writer.write(text, { x: left + BOX + 8, y, width: width - BOX - 8, size: 13, bold: name.departed });
        if (name.read_at) {
          const read = labels.read
            .replace('{time}', digits(wallClock(name.read_at, options.businessTimeZone)))
            .replace('{who}', name.read_by ?? '');
          writer.write(read, {
            x: left + BOX + 8,
            y: document.y + 1,
            width: width - BOX - 8,
            size: 9,
            color: MUTED,
          });
        }
      }
    }
  }
  const shown = sheet.groups.reduce((count, group) => count + group.orders.length, 0);
  if (sheet.total > shown) {
    room(30);
    writer.write(labels.more.replace('{count}', digits(String(sheet.total - shown))), {
      x: left,
      y: document.y + 12,
      width,
      size: 11,
      bold: true,
    });
  }
  // The footer on every page, drawn last, inside the bottom margin's edge (never past it: a new page).
  const range = document.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    document.switchToPage(index);
    writer.write(`${labels.footer}  ${digits(`${index + 1}/${range.count}`)}`, {
      x: left,
      y: document.page.height - PAGE_MARGIN - 12,
      width,
      size: 9,
      color: MUTED,
    });
  }
  document.end();
  return finished;
}

/** `07:42`, the wall clock of the business time zone (Nepal), where the run sheet is used. */
function wallClock(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

function drawBox(document: PDFKit.PDFDocument, x: number, y: number, ticked: boolean) {
  document.save().lineWidth(1).strokeColor('#1f2937').rect(x, y, BOX, BOX).stroke();
  if (ticked) {
    document
      .moveTo(x + 2, y + BOX / 2)
      .lineTo(x + BOX / 2.5, y + BOX - 2)
      .lineTo(x + BOX - 1.5, y + 1.5)
      .lineWidth(1.5)
      .stroke();
  }
  document.restore();
}
