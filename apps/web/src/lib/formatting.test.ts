import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatBusinessTime,
  formatMessageTime,
  formatOrderDate,
  formatPatronMoment,
  formatPujaDate,
  formatTimeIn,
} from './formatting.ts';
import { activateLanguage } from './i18n.ts';

// Built from local parts, so the result does not depend on the machine's time zone.
const afternoon = new Date(2024, 0, 1, 13, 5);

afterEach(async () => {
  await activateLanguage('en');
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('date formats (docs/product.md#fixed-values-and-formats)', () => {
  it('formats message times', () => {
    expect(formatMessageTime(afternoon)).toBe('01:05 PM Jan 1st, 2024');
  });

  it('formats order dates', () => {
    expect(formatOrderDate(afternoon)).toBe('January 1st, 2024 01:05 PM');
  });

  it("formats a puja's day as the day in Nepal, whatever the browser's zone", () => {
    // 00:00 in Kathmandu is still the previous day in UTC and everywhere west of it.
    expect(formatPujaDate('2024-01-01T00:00:00+05:45')).toBe('January 1st, 2024');
    expect(formatPujaDate('2026-12-22T00:00:00+05:45')).toBe('December 22nd, 2026');
  });

  it("formats a moment as the clock in Nepal shows it, whatever the browser's zone", () => {
    // Nepal is UTC+05:45.
    expect(formatBusinessTime('2026-11-20T08:15:00.000Z')).toBe('November 20th, 2026 02:00 PM');
    expect(formatBusinessTime('2026-12-31T18:30:00Z')).toBe('January 1st, 2027 12:15 AM');
  });
});

describe('a moment shown to a patron: Nepal time, labelled, and their own (issue 29)', () => {
  // 11:37 UTC: 17:22 in Kathmandu.
  const paid = '2026-11-27T11:37:00Z';

  it('gives Nepal time and the patron’s own, each named', () => {
    expect(formatPatronMoment(paid, 'Europe/London')).toBe(
      'November 27th, 2026 5:22 PM Nepal time (11:37 AM your time)',
    );
  });

  it('adds the patron’s date when it is another day there', () => {
    expect(formatPatronMoment('2026-11-27T01:15:00Z', 'America/Los_Angeles')).toBe(
      'November 27th, 2026 7:00 AM Nepal time (5:15 PM on November 26th, 2026, your time)',
    );
  });

  it('gives Nepal time alone to a patron in Nepal', () => {
    expect(formatPatronMoment(paid, 'Asia/Kathmandu')).toBe('November 27th, 2026 5:22 PM Nepal time');
  });

  it('writes it in Nepali and Chinese with the same labels', async () => {
    await activateLanguage('ne');
    expect(formatPatronMoment(paid, 'Europe/London')).toBe(
      '२०२६ नोभेम्बर २७, नेपाल समय १७:२२ (तपाईंको समय ११:३७)',
    );
    await activateLanguage('zh-Hant');
    expect(formatPatronMoment(paid, 'Europe/London')).toBe(
      '2026年11月27日 尼泊爾時間 下午5:22（您的時間 上午11:37）',
    );
  });
});

/**
 * Chromium's ICU has no Nepali month names: asked for `ne-NP`, its Intl answers in English. Simulated
 * here by an Intl that does the same, with the module loaded afresh so it asks this Intl.
 */
async function formattingWithoutNepaliIntl() {
  const RealDateTimeFormat = Intl.DateTimeFormat;
  const withoutNepali = (locales?: string | string[]) =>
    [locales ?? []].flat().map((locale) => (locale.startsWith('ne') ? 'en-US' : locale));
  // What Chromium does: a Nepali locale it has no data for resolves to its default, English.
  class DateTimeFormat extends RealDateTimeFormat {
    constructor(locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
      super(withoutNepali(locales), options);
    }
  }
  vi.stubGlobal('Intl', { ...Intl, DateTimeFormat });
  vi.resetModules();
  const formatting = await import('./formatting.ts');
  const i18n = await import('./i18n.ts');
  await i18n.activateLanguage('ne');
  return formatting;
}

describe('Nepali dates where Intl has no Nepali (Chromium)', () => {
  it('is detected: the English month name comes back for Nepali', async () => {
    const formatting = await formattingWithoutNepaliIntl();
    expect(formatting.intlHasNepaliDates()).toBe(false);
    vi.unstubAllGlobals();
    vi.resetModules();
    expect((await import('./formatting.ts')).intlHasNepaliDates()).toBe(true);
  });

  it('writes every month, weekday and time as Node’s full Nepali data does, never in English', async () => {
    // What this machine's own Intl (full ICU) writes, the reference.
    await activateLanguage('ne');
    const days = Array.from(
      { length: 12 },
      (_, month) => `2026-${String(month + 1).padStart(2, '0')}-0${1 + (month % 7)}`,
    );
    const moments = ['2026-11-27T11:37:00Z', '2026-01-04T18:20:00Z', '2026-07-15T00:05:00Z'];
    const expected = {
      days: days.map((day) => formatPujaDate(`${day}T00:00:00+05:45`)),
      fullDays: days.map((day) => formatPujaDate(`${day}T00:00:00+05:45`, 'full')),
      times: moments.map((moment) => formatTimeIn(moment, 'Asia/Kathmandu')),
      payments: moments.map((moment) => formatBusinessTime(moment)),
    };
    expect(expected.days[10]).toBe('२०२६ नोभेम्बर ४');

    const fallback = await formattingWithoutNepaliIntl();
    expect(fallback.intlHasNepaliDates()).toBe(false);
    const written = {
      days: days.map((day) => fallback.formatPujaDate(`${day}T00:00:00+05:45`)),
      fullDays: days.map((day) => fallback.formatPujaDate(`${day}T00:00:00+05:45`, 'full')),
      times: moments.map((moment) => fallback.formatTimeIn(moment, 'Asia/Kathmandu')),
      payments: moments.map((moment) => fallback.formatBusinessTime(moment)),
    };
    expect(written).toEqual(expected);
    expect(Object.values(written).flat().join(' ')).not.toMatch(/[A-Za-z0-9]/);
  });

  it('labels a patron’s moment in Nepali with no English in it', async () => {
    const fallback = await formattingWithoutNepaliIntl();
    expect(fallback.formatPatronMoment('2026-11-27T11:37:00Z', 'America/Los_Angeles')).toBe(
      '२०२६ नोभेम्बर २७, नेपाल समय १७:२२ (तपाईंको समय ०३:३७)',
    );
  });
});
