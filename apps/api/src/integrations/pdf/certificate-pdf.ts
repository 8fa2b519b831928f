import { formatCertificateCode, type Language } from '@puja/contract';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { drawRule, pdfBytes, TextWriter } from './pdf-fonts.ts';

/**
 * A performed puja's certificate (docs/decisions/037): one A4 page with the monastery, the puja, its day,
 * how many names were read, who completed it and one photo, and a QR code of the public page that confirms
 * it, with the code printed beside it as text (typed by whoever cannot scan). Written in the reader's
 * language with the fonts every PDF here shares; the same certificate always gives the same bytes.
 */
export interface Certificate {
  code: string;
  /** The public page the QR code opens (`https://…/verify/7K3M-…`). */
  verifyUrl: string;
  monastery: string;
  puja: string;
  /** YYYY-MM-DD, the puja's day in Nepal. */
  performedOn: string;
  namesRead: number;
  namesTotal: number;
  /** The staff member who completed the order, or undefined when no record says. */
  completedBy: string | undefined;
  /** A JPEG or PNG of the puja (pdfkit draws no WebP), or undefined. */
  photo: Buffer | undefined;
  issuedAt: Date;
}

export interface CertificatePdfOptions {
  language: Language;
  siteName: string;
}

const WORDS = {
  en: {
    title: 'Certificate of a puja performed',
    intro: 'This certifies that the puja below was performed at the monastery named.',
    monastery: 'Monastery',
    puja: 'Puja',
    date: 'Performed on (Nepal)',
    names: 'Names read',
    namesValue: '{read} of {total}',
    completedBy: 'Completed by',
    unknown: '—',
    code: 'Certificate code',
    check: 'Anyone can check this certificate at',
    scan: 'or by scanning the QR code.',
  },
  ne: {
    title: 'पूजा सम्पन्न भएको प्रमाणपत्र',
    intro: 'तल उल्लेखित पूजा उक्त गुम्बामा सम्पन्न भएको प्रमाणित गरिन्छ।',
    monastery: 'गुम्बा',
    puja: 'पूजा',
    date: 'सम्पन्न मिति (नेपाल)',
    names: 'पढिएका नामहरू',
    namesValue: '{total} मध्ये {read}',
    completedBy: 'सम्पन्न गर्ने',
    unknown: '—',
    code: 'प्रमाणपत्र कोड',
    check: 'जो कोहीले यो प्रमाणपत्र यहाँ जाँच्न सक्छन्',
    scan: 'वा QR कोड स्क्यान गरेर।',
  },
  'zh-Hant': {
    title: '法會圓滿證明書',
    intro: '茲證明下列法會已於所列寺院圓滿舉行。',
    monastery: '寺院',
    puja: '法會',
    date: '舉行日期（尼泊爾）',
    names: '已誦念的名字',
    namesValue: '{total} 個中的 {read} 個',
    completedBy: '完成者',
    unknown: '—',
    code: '證明書代碼',
    check: '任何人皆可於此查驗本證明書',
    scan: '或掃描 QR 碼。',
  },
} as const satisfies Record<Language, Record<string, string>>;

const LOCALES: Record<Language, string> = { en: 'en-GB', ne: 'ne-NP', 'zh-Hant': 'zh-Hant-TW' };
const PAGE_MARGIN = 56;
const MUTED = '#6b7280';
const ACCENT = '#8a3b12';
const QR_SIZE = 120;

export async function renderCertificatePdf(
  certificate: Certificate,
  options: CertificatePdfOptions,
): Promise<Buffer> {
  const words = WORDS[options.language];
  const document = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    lang: options.language,
    displayTitle: true,
    info: {
      Title: `${words.title} ${formatCertificateCode(certificate.code)}`,
      Author: options.siteName,
      Creator: options.siteName,
      // pdfkit derives the file's ID from these, so fixed values give identical bytes.
      CreationDate: certificate.issuedAt,
    },
  });
  const finished = pdfBytes(document);
  const writer = new TextWriter(document, 120);
  const left = PAGE_MARGIN;
  const width = document.page.width - 2 * PAGE_MARGIN;

  document
    .save()
    .rect(
      PAGE_MARGIN / 2,
      PAGE_MARGIN / 2,
      document.page.width - PAGE_MARGIN,
      document.page.height - PAGE_MARGIN,
    )
    .lineWidth(2)
    .strokeColor(ACCENT)
    .stroke()
    .restore();
  writer.write(options.siteName, { x: left, y: PAGE_MARGIN, width, size: 12, bold: true, color: MUTED });
  writer.write(words.title, { x: left, y: document.y + 14, width, size: 22, bold: true, color: ACCENT });
  writer.write(words.intro, { x: left, y: document.y + 8, width, size: 11, color: MUTED });
  let y = document.y + 12;
  drawRule(document, left, width, y, 1);
  y += 14;

  const rows: [string, string][] = [
    [words.monastery, certificate.monastery],
    [words.puja, certificate.puja],
    [words.date, formatDay(certificate.performedOn, options.language)],
    [
      words.names,
      words.namesValue
        .replace('{read}', String(certificate.namesRead))
        .replace('{total}', String(certificate.namesTotal)),
    ],
    [words.completedBy, certificate.completedBy?.trim() || words.unknown],
  ];
  const labelWidth = 150;
  for (const [label, value] of rows) {
    const labelStyle = { size: 10, bold: true, color: MUTED };
    const valueStyle = { size: 13 };
    const ascent = Math.max(writer.ascent(label, labelStyle), writer.ascent(value, valueStyle));
    writer.write(label, { x: left, y, width: labelWidth, ascent, ...labelStyle });
    const labelBottom = document.y;
    writer.write(value, {
      x: left + labelWidth + 14,
      y,
      width: width - labelWidth - 14,
      ascent,
      ...valueStyle,
    });
    y = Math.max(labelBottom, document.y) + 10;
    drawRule(document, left, width, y - 5);
  }

  if (certificate.photo) {
    const photoHeight = 260;
    y += 8;
    document.image(certificate.photo, left, y, {
      fit: [width, photoHeight],
      align: 'center',
      valign: 'center',
    });
    y += photoHeight + 8;
  }

  // The QR code and the code beside it, above the bottom margin.
  const qrY = document.page.height - PAGE_MARGIN - QR_SIZE - 8;
  drawQrCode(document, certificate.verifyUrl, left, qrY, QR_SIZE);
  const textX = left + QR_SIZE + 20;
  const textWidth = width - QR_SIZE - 20;
  writer.write(words.code, { x: textX, y: qrY + 8, width: textWidth, size: 10, bold: true, color: MUTED });
  writer.write(formatCertificateCode(certificate.code), {
    x: textX,
    y: document.y + 4,
    width: textWidth,
    size: 18,
    bold: true,
  });
  writer.write(words.check, { x: textX, y: document.y + 10, width: textWidth, size: 10, color: MUTED });
  writer.write(certificate.verifyUrl, { x: textX, y: document.y + 2, width: textWidth, size: 10 });
  writer.write(words.scan, { x: textX, y: document.y + 2, width: textWidth, size: 10, color: MUTED });
  document.end();
  return finished;
}

/** The QR code as squares drawn in the PDF (sharp at any print size), with its quiet zone. */
function drawQrCode(document: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quietZone = 2;
  const cell = size / (modules.size + 2 * quietZone);
  document.save().fillColor('#000000');
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column))
        document.rect(x + (column + quietZone) * cell, y + (row + quietZone) * cell, cell, cell);
    }
  }
  document.fill().restore();
}

/** The puja's day in the reader's language (`1 December 2026`, `२०२६ डिसेम्बर १`, `2026年12月1日`). */
function formatDay(isoDate: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(day);
}
