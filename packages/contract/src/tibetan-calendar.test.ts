import { describe, expect, it } from 'vitest';
import { addDays } from './business-time.ts';
import { datesOfFestival, datesOnLunarDay, losarOf, tibetanDayOf } from './tibetan-calendar.ts';

/**
 * Every expected date below is a published one, not one this module computed. Sources:
 *  [J]   S. Janson, "Tibetan Calendar Mathematics", arXiv:1401.6285: the Tibetan dates it prints for its own
 *        revisions (31 December 2007 = day 23 of month 11; 8 January 2014 = day 8 of month 11, Water-Snake).
 *  [W]   Wikipedia, "Losar" (en.wikipedia.org/wiki/Losar): Losar 2020 = 24 February, 2021 = 12 February,
 *        2024 = 10 February, 2025 = 28 February.
 *  [EN]  excelnotes.com/losar: Losar 2021-02-12, 2022-03-03, 2023-02-21, 2024-02-10, 2025-02-28.
 *  [LAT] Los Angeles Times, 27 March 2022, "Losar and calendar a millennium tradition" (Tibet Astrology and
 *        Calendar Calculation Research Institute): Water-Tiger Losar on 3 March 2022.
 *  [TT]  tastetibet.com, "Gearing up for new year again" (January 2017): Losar on 27 February 2017.
 *  [FS]  fiveseasonsmedicine.com, "It's Losar! Tibetan New Years in Kathmandu": Losar 2146 (Earth Pig) on
 *        5 February 2019, its first full moon on 19 February.
 *  [WC]  archive-z.williams.edu, "More on time": Losar 25 February 2009 and 14 February 2010.
 *  [MS]  mstcdharma.org: Losar 2150 on 21 February 2023; Saga Dawa Düchen 29 May 2018 and 26 May 2021, the
 *        fourth month of 2021 running from 12 May to 10 June.
 *  [IBA] internationalbuddhistacademy.org (Kathmandu), 18 June 2019: Saga Dawa full moon on 17 June 2019.
 *  [SL]  shedrupling.at: Saga Dawa celebration 2022 on 14 June 2022.
 *  [ST]  snowliontours.com, 5 December 2015: "today, 25th lunar day of 10th lunar month" (Ganden Ngachö).
 *  [CC]  Calendrical Calculations (Reingold & Dershowitz), as its sample data is carried by the R package
 *        robjhyndman/calcal: Losar 2026 on 18 February.
 *  [CD]  convertdate (fitnr/convertdate, tests/test_tibetan.py), an independent implementation of Janson's
 *        Phugpa rules: 8 February 2022 is the leap (first) 8th of month 12 of 2021 and 9 February 2022 the
 *        regular 8th; 1 and 31 January 2022 are 29ths; 7 July 1921, 10 March 1959 and 11 January 1959.
 */
const PUBLISHED_LOSAR: Record<number, string> = {
  2009: '2009-02-25', // [WC]
  2010: '2010-02-14', // [WC]
  2017: '2017-02-27', // [TT]
  2019: '2019-02-05', // [FS]
  2020: '2020-02-24', // [W]
  2021: '2021-02-12', // [W] [EN]
  2022: '2022-03-03', // [EN] [LAT]
  2023: '2023-02-21', // [EN] [MS]
  2024: '2024-02-10', // [W] [EN]
  2025: '2025-02-28', // [W] [EN]
  2026: '2026-02-18', // [CC]
};

const PUBLISHED_SAGA_DAWA_DUCHEN = ['2018-05-29', '2019-06-17', '2021-05-26', '2022-06-14']; // [MS] [IBA] [MS] [SL]

describe('the Tibetan calendar (Phugpa)', () => {
  it.each(Object.entries(PUBLISHED_LOSAR))('puts Losar %s on its published date', (year, date) => {
    expect(losarOf(Number(year))).toBe(date);
    const day = tibetanDayOf(date);
    expect(day).toMatchObject({ year: Number(year), royalYear: Number(year) + 127, month: 1, lunarDay: 1 });
    expect(day.specialDays).toContain('losar');
    // The day before belongs to the old year.
    expect(tibetanDayOf(addDays(date, -1)).year).toBe(Number(year) - 1);
  });

  it('knows that 2019 began with a doubled first month, its first full moon two weeks after Losar [FS]', () => {
    expect(tibetanDayOf('2019-02-19')).toMatchObject({ month: 1, leapMonth: true, lunarDay: 15 });
    expect(tibetanDayOf('2019-02-19').specialDays).toEqual(['fullMoon']);
  });

  it.each(PUBLISHED_SAGA_DAWA_DUCHEN)('puts Saga Dawa Düchen on the published full moon %s', (date) => {
    const day = tibetanDayOf(date);
    expect(day).toMatchObject({ month: 4, leapMonth: false, lunarDay: 15 });
    expect(day.specialDays).toEqual(['fullMoon', 'sagaDawaDuchen']);
    const year = date.slice(0, 4);
    expect(datesOfFestival(`${year}-01-01`, `${year}-12-31`, 'sagaDawaDuchen')).toEqual([date]);
  });

  it('bounds the fourth month of 2021 as published: 12 May to 10 June [MS]', () => {
    expect(tibetanDayOf('2021-05-11')).toMatchObject({ month: 3, lunarDay: 30 });
    expect(tibetanDayOf('2021-05-12')).toMatchObject({ month: 4, lunarDay: 1 });
    expect(tibetanDayOf('2021-06-10')).toMatchObject({ month: 4, lunarDay: 30 });
    expect(tibetanDayOf('2021-06-11')).toMatchObject({ month: 5, lunarDay: 1 });
  });

  it.each([
    ['2007-12-31', 2007, 11, 23], // [J]
    ['2014-01-08', 2013, 11, 8], // [J]
    ['2015-12-05', 2015, 10, 25], // [ST]
    ['2022-01-01', 2021, 10, 29], // [CD]
    ['2022-01-31', 2021, 11, 29], // [CD]
    ['1921-07-07', 1921, 6, 2], // [CD]
    ['1959-01-11', 1958, 12, 3], // [CD]
    ['1959-03-10', 1959, 2, 1], // [CD]
  ])('gives %s as year %i, month %i, day %i', (date, year, month, lunarDay) => {
    expect(tibetanDayOf(date)).toMatchObject({ year, month, leapMonth: false, lunarDay });
  });

  it('marks a doubled day: the first is the leap day, the observance is on the second [CD]', () => {
    expect(tibetanDayOf('2022-02-08')).toMatchObject({
      month: 12,
      lunarDay: 8,
      doubled: 'first',
      specialDays: [],
    });
    expect(tibetanDayOf('2022-02-09')).toMatchObject({
      month: 12,
      lunarDay: 8,
      doubled: 'second',
      specialDays: ['medicineBuddha'],
    });
    expect(datesOnLunarDay('2022-02-01', '2022-02-28', 8)).toEqual([
      {
        date: '2022-02-09',
        month: { year: 2021, royalYear: 2148, month: 12, leapMonth: false },
        kind: 'doubled',
      },
    ]);
  });

  it('marks a skipped day and holds its observance on the day before, during which it passes whole', () => {
    // Every month skips a number or two (about twelve a year, Janson §6); find the 25th skipped in 2025.
    const found = datesOnLunarDay('2025-01-01', '2025-12-31', 25).find((date) => date.kind === 'skipped');
    expect(found).toBeDefined();
    const day = tibetanDayOf(found?.date as string);
    expect(day).toMatchObject({ lunarDay: 24, skippedNext: 25 });
    expect(day.specialDays).toContain('dakini');
    expect(tibetanDayOf(addDays(found?.date as string, 1)).lunarDay).toBe(26);
  });

  it('gives one date per month for a lunar day, leap months included, and none outside the range', () => {
    const dates = datesOnLunarDay('2024-01-01', '2024-12-31', 10);
    // 2024 has a doubled sixth month, so thirteen Tibetan months reach into it.
    expect(dates.map((date) => `${date.month.month}${date.month.leapMonth ? 'L' : ''}`)).toEqual([
      '12',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6L',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    for (const { date } of dates) {
      const day = tibetanDayOf(date);
      expect(day.specialDays).toContain('guruRinpoche');
      expect(date >= '2024-01-01' && date <= '2024-12-31').toBe(true);
    }
    expect(() => datesOnLunarDay('2024-01-01', '2024-12-31', 31)).toThrow(RangeError);
  });

  it('gives every civil day exactly one Tibetan date, in order, over thirty years', () => {
    let previous = tibetanDayOf('2000-01-01');
    let doubled = 0;
    let skipped = 0;
    for (let date = '2000-01-02'; date <= '2030-12-31'; date = addDays(date, 1)) {
      const day = tibetanDayOf(date);
      const sameMonth =
        day.year === previous.year && day.month === previous.month && day.leapMonth === previous.leapMonth;
      if (day.doubled === 'second') {
        expect(previous).toMatchObject({ lunarDay: day.lunarDay, doubled: 'first' });
        doubled += 1;
      } else if (sameMonth) {
        expect(day.lunarDay).toBe(previous.lunarDay + 1 + (previous.skippedNext ? 1 : 0));
      } else {
        // A new month starts on its 1st, or on its 2nd when the 1st is skipped.
        expect(day.lunarDay).toBe(previous.skippedNext === 1 ? 2 : 1);
      }
      if (day.skippedNext) skipped += 1;
      previous = day;
    }
    // About 12 skipped and 7 doubled numbers a year, less a few when one falls at a month's end.
    expect(skipped / 31).toBeGreaterThan(10);
    expect(doubled / 31).toBeGreaterThan(5);
  });
});
