import { describe, expect, it } from 'vitest';
import { extractPdfInfo, extractPdfText } from '../../../test/pdf-text.ts';
import { pdfFontScripts } from '../pdf/pdf-fonts.ts';
import { type Receipt, renderReceiptsPdf } from './receipt-pdf.ts';

const options = {
  businessTimeZone: 'Asia/Kathmandu',
  siteName: 'Puja Booking',
  publicUrl: 'https://puja.example',
};

const payment: Receipt = {
  kind: 'payment',
  orderNumber: 'PJ-7K3M9Q',
  patron: { name: 'Pema Sherpa', phone: '+9779816000001' },
  monastery: 'Kopan Monastery',
  puja: 'Green Tara Puja',
  pujaDate: '2026-12-01',
  amountPaisa: 150_000,
  provider: 'khalti',
  transactionCode: 'GFq9PFS7b2iYvL8Lir9oXe',
  // 14:05 in Kathmandu (UTC+05:45).
  at: new Date('2026-11-24T08:20:00Z'),
};

const refund: Receipt = {
  kind: 'refund',
  orderNumber: 'PJ-XW4T8N',
  patron: { name: '', phone: '+9779816000002' },
  monastery: 'Swayambhu Gompa',
  puja: 'Medicine Buddha Puja',
  pujaDate: '2026-09-30',
  amountPaisa: 150_050,
  provider: 'esewa',
  transactionCode: '000AWEO',
  at: new Date('2026-11-25T18:30:00Z'),
  refundReference: 'RF-20261126-01',
  refundReason: 'declined',
};

describe('receipt PDFs', () => {
  it('says how the amount was made: a quantity × the unit’s price, or the patron’s own amount (docs/decisions/054)', async () => {
    const lamps: Receipt = {
      ...payment,
      puja: 'Butter Lamps',
      amountPaisa: 253_800,
      offering: {
        quantity: 108,
        unit: { en: 'butter lamp', ne: 'घिउको बत्ती', 'zh-Hant': '酥油燈' },
        unitPricePaisa: 2_350,
      },
    };
    const meals: Receipt = { ...payment, puja: 'Meal for the Sangha', offering: 'pay_what_you_can' };
    const [lampPage, mealPage] = (await extractPdfText(await renderReceiptsPdf([lamps, meals], options))) as [
      string,
      string,
    ];
    expect(lampPage).toContain('Offering 108 × butter lamp at Rs. 23.50 each');
    expect(lampPage).toContain('Amount Rs. 2,538');
    expect(mealPage).toContain('Offering The amount you chose to give');
    const [chinese] = await extractPdfText(
      await renderReceiptsPdf([lamps], { ...options, language: 'zh-Hant' }),
    );
    expect(chinese).toContain('108 × 酥油燈，每份 Rs. 23.50');
  });

  it('draws one page per receipt with every field, in Nepal time', async () => {
    const bytes = await renderReceiptsPdf([payment, refund], options);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await extractPdfText(bytes);
    expect(pages).toHaveLength(2);
    const [paymentPage, refundPage] = pages as [string, string];

    for (const line of [
      'Puja Booking',
      'https://puja.example',
      'Payment receipt',
      'Order number PJ-7K3M9Q',
      'Patron Pema Sherpa',
      'Monastery Kopan Monastery',
      'Puja Green Tara Puja',
      'Puja date (Nepal) 1 Dec 2026',
      'Amount Rs. 1,500',
      'Paid with Khalti',
      'Transaction code GFq9PFS7b2iYvL8Lir9oXe',
      'Paid at 24 Nov 2026, 14:05 (Nepal time)',
      'Amounts in Nepalese rupees.',
    ]) {
      expect(paymentPage.split('\n')).toContain(line);
    }
    expect(paymentPage).not.toContain('Refund');

    for (const line of [
      'Refund receipt',
      'Order number PJ-XW4T8N',
      // No name: the phone stands for the patron.
      'Patron +9779816000002',
      'Puja date (Nepal) 30 Sep 2026',
      'Amount refunded Rs. 1,500.50',
      'Paid with eSewa',
      'Transaction code 000AWEO',
      // 18:30 UTC is past midnight in Kathmandu.
      'Refunded at 26 Nov 2026, 00:15 (Nepal time)',
      'Refund reference RF-20261126-01',
      'Reason Declined by the monastery',
      'Amounts in Nepalese rupees.',
    ]) {
      expect(refundPage.split('\n')).toContain(line);
    }
  });

  it.each([
    ['cancelled', 'Cancelled by the patron'],
    ['expired', 'The order expired unpaid'],
    ['duplicate', 'Paid twice'],
  ])('says why a refund was made: %s', async (refundReason, text) => {
    const [page] = await extractPdfText(await renderReceiptsPdf([{ ...refund, refundReason }], options));
    expect(page!.split('\n')).toContain(`Reason ${text}`);
  });

  it('gives the same bytes for the same receipts, and dates the document by the latest of them', async () => {
    const first = await renderReceiptsPdf([payment, refund], options);
    const second = await renderReceiptsPdf([payment, refund], options);
    expect(first.equals(second)).toBe(true);
    expect(await extractPdfInfo(first)).toMatchObject({
      Title: '2 receipts from Puja Booking',
      Author: 'Puja Booking',
      CreationDate: 'D:20261125183000Z',
    });
    expect(await extractPdfInfo(await renderReceiptsPdf([payment], options))).toMatchObject({
      Title: 'Payment receipt PJ-7K3M9Q',
      CreationDate: 'D:20261124082000Z',
    });
  });

  it('keeps a receipt on one page even when its values are long', async () => {
    const long = 'Long name '.repeat(40);
    const bytes = await renderReceiptsPdf(
      [
        {
          ...refund,
          patron: { name: long, phone: null },
          monastery: long,
          puja: long,
          refundReference: long,
        },
      ],
      options,
    );
    expect(await extractPdfText(bytes)).toHaveLength(1);
  });

  it('refuses to render no receipt at all', async () => {
    await expect(renderReceiptsPdf([], options)).rejects.toThrow(RangeError);
  });

  const names = { devanagari: 'राम बहादुर क्षेत्री', chinese: '王小明', traditional: '陳淑華' };

  it('has the Devanagari and Chinese fonts, which are dependencies of the API', () => {
    expect(pdfFontScripts()).toEqual({ devanagari: true, chinese: true });
  });

  it('draws Devanagari names with the Devanagari font, copied out as written', async () => {
    const [page] = await extractPdfText(
      await renderReceiptsPdf([{ ...payment, patron: { name: names.devanagari, phone: null } }], options),
    );
    // pdf.js puts a space after a vowel sign or mark drawn back over its letter (क्षे here): the letters
    // come back in their order, the spaces as pdf.js guesses them.
    expect(withoutSpaces(page!)).toContain(withoutSpaces(`Patron ${names.devanagari}`));
  });

  it("lists a shaped syllable's glyphs in the order of its letters: the reph and the vowel sign ि come out where they are written", async () => {
    // शेर्पा draws र् after पा, किरण draws ि before क: in the page's order these read शेपार्, िकरण.
    for (const name of ['पेमा शेर्पा', 'किरण', 'धर्म']) {
      const [page] = await extractPdfText(
        await renderReceiptsPdf([{ ...payment, patron: { name, phone: null } }], options),
      );
      const patronLine = page!.split('\n').find((line) => line.startsWith('Patron '))!;
      // pdf.js puts a space where a glyph drawn further left sends the next one back to its place.
      expect(patronLine.replace(/^Patron /, '').replaceAll(' ', ''), name).toBe(name.replaceAll(' ', ''));
    }
    const [page] = await extractPdfText(
      await renderReceiptsPdf([{ ...payment, patron: { name: 'पेमा शेर्पा', phone: null } }], options),
    );
    expect(page!.split('\n')).toContain('Patron पेमा शेर्पा');
  });

  it('draws Chinese names, Simplified and Traditional, with the Chinese font: never as question marks', async () => {
    for (const name of [names.chinese, names.traditional, '白瑪 夏爾巴']) {
      const [page] = await extractPdfText(
        await renderReceiptsPdf([{ ...payment, patron: { name, phone: null } }], options),
      );
      expect(page!.split('\n')).toContain(`Patron ${name}`);
      expect(page).not.toContain('?');
    }
  });

  it("is written in the patron's language: Nepali", async () => {
    const bytes = await renderReceiptsPdf(
      [
        { ...payment, patron: { name: 'पेमा शेर्पा', phone: null }, names: { names: ['पेमा'], total: 3 } },
        refund,
      ],
      { ...options, language: 'ne' },
    );
    const [paymentPage, refundPage] = (await extractPdfText(bytes)) as [string, string];
    for (const line of [
      'भुक्तानी रसिद',
      'अर्डर नम्बर PJ-7K3M9Q',
      'यजमान पेमा शेर्पा',
      'गुम्बा Kopan Monastery',
      'प्रार्थना गरिएका नामहरू पेमा र थप २',
      'पूजाको मिति (नेपाल) २०२६ डिसेम्बर १',
      'रकम रु. १,५००',
      'भुक्तानीको माध्यम Khalti',
      'भुक्तानी गरिएको समय २०२६ नोभेम्बर २४, १४:०५ (नेपाल समय)',
      'रकमहरू नेपाली रुपैयाँमा छन्।',
    ]) {
      expect(paymentPage.split('\n').map(withoutSpaces)).toContain(withoutSpaces(line));
    }
    expect(refundPage.split('\n').map(withoutSpaces)).toContain(withoutSpaces('कारण गुम्बाले स्वीकार गर्न सकेन'));
    expect(await extractPdfInfo(bytes)).toMatchObject({ Title: 'Puja Booking बाट 2 रसिद' });
  });

  it("is written in the patron's language: Traditional Chinese", async () => {
    const bytes = await renderReceiptsPdf(
      [{ ...payment, patron: { name: '白瑪 夏爾巴', phone: null } }, refund],
      { ...options, language: 'zh-Hant' },
    );
    const [paymentPage, refundPage] = (await extractPdfText(bytes)) as [string, string];
    for (const line of [
      '付款收據',
      '預約編號 PJ-7K3M9Q',
      '功德主 白瑪 夏爾巴',
      '法會日期（尼泊爾） 2026年12月1日',
      '金額 Rs. 1,500',
      '付款時間 2026年11月24日 14:05（尼泊爾時間）',
      '金額以尼泊爾盧比計。',
    ]) {
      expect(paymentPage.split('\n').map(withoutSpaces)).toContain(withoutSpaces(line));
    }
    expect(refundPage.split('\n').map(withoutSpaces)).toContain(withoutSpaces('原因 寺院婉拒了預約'));
  });

  it('prints what a receipt in each script weighs and takes to draw (a figure, not a limit)', async () => {
    for (const [language, name] of [
      ['en', 'Pema Sherpa'],
      ['ne', 'पेमा शेर्पा'],
      ['zh-Hant', '白瑪 夏爾巴'],
    ] as const) {
      const started = performance.now();
      const bytes = await renderReceiptsPdf([{ ...payment, patron: { name, phone: null } }], {
        ...options,
        language,
      });
      console.log(
        `receipt in ${language}: ${(bytes.length / 1024).toFixed(1)} KB, drawn in ${(performance.now() - started).toFixed(0)} ms`,
      );
      expect(bytes.length).toBeGreaterThan(0);
    }
  });
});

/**
 * Comparing lines whatever spaces pdf.js guesses inside Devanagari words: it reads a mark or vowel sign
 * drawn back over its letter, then the next letter ahead of it, as a gap between words.
 */
const withoutSpaces = (line: string) => line.replaceAll(' ', '');
