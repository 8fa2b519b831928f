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

  it('draws Devanagari names with the Devanagari font', async () => {
    const [page] = await extractPdfText(
      await renderReceiptsPdf([{ ...payment, patron: { name: names.devanagari, phone: null } }], options),
    );
    // pdf.js gives back each shaped syllable; the words' letters all come back.
    expect(page).toContain('राम बहादुर');
  });

  it('draws Chinese names, Simplified and Traditional, with the Chinese font: never as question marks', async () => {
    for (const name of [names.chinese, names.traditional]) {
      const [page] = await extractPdfText(
        await renderReceiptsPdf([{ ...payment, patron: { name, phone: null } }], options),
      );
      expect(page!.split('\n')).toContain(`Patron ${name}`);
      expect(page).not.toContain('?');
    }
  });
});
