import {
  LANGUAGES,
  type Language,
  LINKED_PAGES,
  orderPagePath,
  STAFF_NEW_ORDERS_PATH,
  staffOrderPath,
} from '@puja/contract';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { fillText, hasLink, NOTICE_CATALOGUES, type SmsKey, smsMessage } from './notices.ts';
import { smsBudget, smsSize } from './sms-segments.ts';

describe('smsSize', () => {
  it('counts GSM-7 texts by septets: 160 in one SMS, then 153 a part', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSize('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSize('a'.repeat(306)).segments).toBe(2);
    expect(smsSize('a'.repeat(307)).segments).toBe(3);
    expect(smsSize('').segments).toBe(0);
  });

  it('counts a character of the extension table as two septets', () => {
    expect(smsSize(`${'a'.repeat(158)}€`)).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSize(`${'a'.repeat(159)}[`)).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSize('Üñöé? Ñ ä £ ¥ § ¿').encoding).toBe('GSM-7');
  });

  it('sends any other character as UCS-2: 70 in one SMS, then 67 a part, an emoji taking two', () => {
    expect(smsSize(`${'a'.repeat(69)}’`)).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSize('क'.repeat(71))).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    expect(smsSize('預'.repeat(134)).segments).toBe(2);
    expect(smsSize('預'.repeat(135)).segments).toBe(3);
    expect(smsSize('🙏').units).toBe(2);
  });
});

/**
 * Long but real values: names of the demo catalogue's length (the longest two, 44 characters each,
 * cannot both fit one SMS with a link; the SMS name the puja, the e-mail both), a reason as a monk writes
 * one, the largest amounts.
 */
const PUBLIC_URL = 'https://puja.com.np';
const LONG_VALUES: Record<string, string> = {
  code: '482913',
  minutes: '10',
  ending: '0001',
  contactUrl: `${PUBLIC_URL}/contact`,
  puja: 'White Tara Long-Life Puja',
  monastery: 'Shechen Tennyi Dargyeling Monastery',
  amount: 'Rs. 1,50,000.50',
  date: '2026-12-03',
  time: '07:30',
  yourTime: '22:45',
  until: '2026-12-17',
  refundBy: '2026-12-10',
  reason: 'Lama Tenzin is travelling that week and no other lama can lead this puja.',
  reference: 'RF-20261126-01',
  provider: 'Khalti',
  count: '12',
  names: 'Pema Sherpa, Dawa Lhamo',
  runSheetUrl: `${PUBLIC_URL}/monastery/run-sheet`,
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  orderUrl: `${PUBLIC_URL}${orderPagePath(123456)}`,
  patron: 'Pema Dolma Sherpa',
  payer: 'Dawa Tsering Sherpa',
};
const ORDER_NUMBER = 'PJ-7K3M9Q';
const STAFF_ORDER_URL = `${PUBLIC_URL}${staffOrderPath(123456)}`;

/** A notice's SMS as its sender writes it (order-notices.ts, staff-notices.ts, reminders.service.ts). */
function sentText(language: Language, key: SmsKey): string | undefined {
  if (key === 'reminderNames' || key === 'reminderMoreNames') return undefined; // parts of a reminder
  const text = smsMessage(language, { key, params: LONG_VALUES } as never, {
    orderUrl: LONG_VALUES.orderUrl!,
  });
  if (['signInCode', 'phoneChangeCode', 'phoneChanged', 'staffMorningRunSheet'].includes(key)) return text;
  if (key.startsWith('staff')) return `${ORDER_NUMBER}: ${text} ${STAFF_ORDER_URL}`;
  const orderUrl = LONG_VALUES.orderUrl!;
  return `${ORDER_NUMBER}: ${text}${hasLink(text) ? '' : ` ${orderUrl}`}`;
}

describe('every SMS, in every language, costs what it should', () => {
  it.each(LANGUAGES)('%s', (language) => {
    const over: string[] = [];
    for (const key of Object.keys(en.sms) as SmsKey[]) {
      const text = sentText(language, key);
      if (text === undefined) continue;
      const size = smsSize(text);
      if (size.segments > smsBudget(language))
        over.push(`${key}: ${size.segments} (${size.units} ${size.encoding})`);
    }
    expect(over).toEqual([]);
  });
});

describe('the staff SMS outside orders', () => {
  // A digest writes three order numbers, then how many more (staff-notices.service.ts).
  it.each(LANGUAGES)('%s: the invitation and the digest', (language) => {
    const texts = NOTICE_CATALOGUES[language].staff;
    const orders = ['PJ-7K3M9Q, PJ-XW4T8N, PJ-4KYDN9', fillText(texts.more, { count: '19' })].join(', ');
    const invited = fillText(texts.invited, {
      monastery: LONG_VALUES.monastery!,
      signInUrl: `${PUBLIC_URL}${LINKED_PAGES.staffDashboard}`,
    });
    const digest = fillText(texts.digest, {
      count: '22',
      orders,
      listUrl: `${PUBLIC_URL}${STAFF_NEW_ORDERS_PATH}`,
    });
    expect(smsSize(invited).segments, invited).toBeLessThanOrEqual(smsBudget(language));
    expect(smsSize(digest).segments, digest).toBeLessThanOrEqual(smsBudget(language));
  });
});

describe('the SMS to a gift’s recipient (docs/decisions/054)', () => {
  // The dedication's link: the longest address, a token of 27 characters (gifts.service.ts).
  const url = `${PUBLIC_URL}/dedication/${'a'.repeat(27)}`;
  it.each(LANGUAGES)('%s: with and without the patron’s name', (language) => {
    const texts = NOTICE_CATALOGUES[language].gift;
    for (const text of [
      fillText(texts.sms, { patron: LONG_VALUES.patron!, puja: LONG_VALUES.puja!, url }),
      fillText(texts.smsUnnamed, { puja: LONG_VALUES.puja!, url }),
    ])
      expect(smsSize(text).segments, text).toBeLessThanOrEqual(smsBudget(language));
  });
});

describe("a staff SMS in English and a patron's name in another script", () => {
  it('leaves the name out rather than send the English text as UCS-2', () => {
    for (const patron of ['白瑪 夏爾巴', 'पेमा शेर्पा']) {
      const notice = { key: 'staffPaymentReceived', params: { ...LONG_VALUES, patron } } as const;
      const text = smsMessage('en', notice as never);
      expect(text).not.toContain(patron);
      expect(text).toMatch(/^A patron paid /);
      expect(smsSize(`${ORDER_NUMBER}: ${text} ${STAFF_ORDER_URL}`)).toMatchObject({
        encoding: 'GSM-7',
        segments: 1,
      });
      // In Nepali and Chinese the SMS is UCS-2 anyway: the name stays.
      expect(smsMessage('zh-Hant', notice as never)).toContain(patron);
    }
    expect(
      smsMessage('en', {
        key: 'staffPaymentReceived',
        params: { ...LONG_VALUES, patron: 'Pema Sherpa' },
      } as never),
    ).toMatch(/^Pema Sherpa paid /);
  });
});
