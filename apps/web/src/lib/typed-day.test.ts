import { afterEach, describe, expect, it, vi } from 'vitest';
import { dayOrderOf, parseTypedDay, typedDayExample } from './typed-day.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('parseTypedDay', () => {
  it.each([
    ['2026-12-01', '2026-12-01'],
    ['2026-1-5', '2026-01-05'],
    ['2026/12/01', '2026-12-01'],
    ['  2026.12.01 ', '2026-12-01'],
    // As Korean and Hungarian write dates.
    ['2026. 12. 1.', '2026-12-01'],
    // As the field shows a chosen day, so editing that text keeps working.
    ['December 1, 2026', '2026-12-01'],
    ['december 1 2026', '2026-12-01'],
    ['Dec. 1st, 2026', '2026-12-01'],
    ['Sept 30, 2026', '2026-09-30'],
    ['1 December 2026', '2026-12-01'],
    ['28-Nov-2026', '2026-11-28'],
    ['2026 Nov 28', '2026-11-28'],
    ['29 Feb 2028', '2028-02-29'],
  ])('reads %j as %s in any language', (text, day) => {
    for (const locale of ['en-US', 'en-GB', 'ne-NP', 'zh-TW', 'de-DE']) {
      expect(parseTypedDay(text, locale), locale).toBe(day);
    }
  });

  it.each(['en-US', 'en-GB', 'en-AU', 'ne-NP', 'zh-TW', 'de-DE', 'ja-JP', 'fr-CA'])(
    'reads 11/28/2026 and 28/11/2026 as 28 November 2026 in %s, where a part above 12 is the day',
    (locale) => {
      expect(parseTypedDay('11/28/2026', locale)).toBe('2026-11-28');
      expect(parseTypedDay('28/11/2026', locale)).toBe('2026-11-28');
      expect(parseTypedDay('28.11.2026', locale)).toBe('2026-11-28');
      expect(parseTypedDay('28-11-2026', locale)).toBe('2026-11-28');
      expect(parseTypedDay('28 11 2026', locale)).toBe('2026-11-28');
      expect(parseTypedDay('28 / 11 / 2026', locale)).toBe('2026-11-28');
    },
  );

  it.each([
    // Month, day, year, as these languages write their own dates.
    ['en-US', '2026-03-04'],
    ['en-PH', '2026-03-04'],
    // Day, month, year: as these write theirs, and, for languages that write the year first (ne-NP,
    // zh-TW, ja-JP, en-CA), as most of the world writes a date with the year last.
    ['en-GB', '2026-04-03'],
    ['en-AU', '2026-04-03'],
    ['en-IN', '2026-04-03'],
    ['de-DE', '2026-04-03'],
    ['fr-FR', '2026-04-03'],
    ['ne-NP', '2026-04-03'],
    ['zh-TW', '2026-04-03'],
    ['ja-JP', '2026-04-03'],
    ['en-CA', '2026-04-03'],
  ])('reads 03/04/2026 as the browser language %s writes dates: %s', (locale, day) => {
    expect(parseTypedDay('03/04/2026', locale)).toBe(day);
    expect(parseTypedDay('3/4/2026', locale)).toBe(day);
  });

  it("follows the browser's language when none is given", () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    expect(parseTypedDay('03/04/2026')).toBe('2026-04-03');
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    expect(parseTypedDay('03/04/2026')).toBe('2026-03-04');
  });

  it('reads digits of other scripts, as a Nepali keyboard types them', () => {
    expect(parseTypedDay('२८/११/२०२६', 'ne-NP')).toBe('2026-11-28');
    expect(parseTypedDay('२०२६-११-२८', 'ne-NP')).toBe('2026-11-28');
    expect(parseTypedDay('༢༨/༡༡/༢༠༢༦', 'bo')).toBe('2026-11-28');
    expect(parseTypedDay('２０２６／１１／２８', 'ja-JP')).toBe('2026-11-28');
  });

  it.each([
    '',
    '2026-12',
    '2026-12-0',
    '2026-02-30',
    '2026-13-01',
    '29 Feb 2027',
    // No day has a month above 12 on both sides.
    '13/13/2026',
    '31/02/2026',
    '0/11/2026',
    // Two-digit years: 28/11/26 could be 2026, or 2028 written year first.
    '28/11/26',
    '3/4/26',
    // Half-typed, as the field sees it on the way to a full date.
    '28/11/202',
    '28/11',
    '28//11/2026',
    '2026-11-28-1',
    'Ma 1, 2026',
    'Smarch 1, 2026',
    'tomorrow',
  ])('refuses %j', (text) => {
    for (const locale of ['en-US', 'en-GB']) expect(parseTypedDay(text, locale), locale).toBeNull();
  });
});

describe('dayOrderOf', () => {
  it.each([
    ['en-US', 'month-first'],
    ['en-GB', 'day-first'],
    ['ne-NP', 'day-first'],
    ['zh-TW', 'day-first'],
  ] as const)('%s: %s', (locale, order) => {
    expect(dayOrderOf(locale)).toBe(order);
  });

  it("falls back on the runtime's own language for a tag Intl cannot read", () => {
    expect(dayOrderOf('en_US')).toBe(dayOrderOf(undefined));
    expect(parseTypedDay('28/11/2026', 'en_US')).toBe('2026-11-28');
    expect(typedDayExample(2026, 'en_US')).toBe(typedDayExample(2026, undefined));
  });
});

describe('typedDayExample', () => {
  it.each([
    ['en-US', '11/28/2026'],
    ['en-GB', '28/11/2026'],
    ['en-AU', '28/11/2026'],
    ['de-DE', '28.11.2026'],
    ['ne-NP', '2026-11-28'],
    ['zh-TW', '2026/11/28'],
    ['ko-KR', '2026. 11. 28.'],
    ['ar-SA', '28/11/2026'],
  ])('writes 28 November as %s does: %s, which the field reads back', (locale, example) => {
    expect(typedDayExample(2026, locale)).toBe(example);
    expect(parseTypedDay(example, locale)).toBe('2026-11-28');
  });

  it("follows the browser's language when none is given", () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    expect(typedDayExample(2027)).toBe('28/11/2027');
  });
});
