import { describe, expect, it } from 'vitest';
import { planDays } from './plans.ts';
import { datesOnLunarDay, tibetanDayOf } from './tibetan-calendar.ts';

describe('planDays', () => {
  it('places the 49 days on the 7th, 14th … 49th day after the death, leaving out the days passed', () => {
    expect(planDays({ kind: 'forty_nine_days', dateOfDeath: '2026-01-01' }, '2026-01-20')).toEqual([
      '2026-01-22',
      '2026-01-29',
      '2026-02-05',
      '2026-02-12',
      '2026-02-19',
    ]);
  });

  it('places a Tibetan-day plan on the lunar day of each Tibetan month, from the first day on', () => {
    const days = planDays({ kind: 'tibetan_day', lunarDay: 10, count: 12 }, '2026-01-01');
    expect(days).toHaveLength(12);
    expect(days).toEqual(
      datesOnLunarDay('2026-01-01', '2027-06-30', 10)
        .slice(0, 12)
        .map((found) => found.date),
    );
    expect(new Set(days).size).toBe(12);
    for (const day of days) expect([9, 10]).toContain(tibetanDayOf(day).lunarDay);
  });

  it('counts a skipped 25th on the day it passes, and a full moon twelve times a year', () => {
    // decision 053's test: 2025 has a skipped 25th; the plan still has a day for that month.
    const skipped = datesOnLunarDay('2025-01-01', '2025-12-31', 25).find((found) => found.kind === 'skipped');
    expect(skipped).toBeDefined();
    const days = planDays({ kind: 'tibetan_day', lunarDay: 25, count: 12 }, '2025-01-01');
    expect(days).toContain(skipped!.date);
    expect(planDays({ kind: 'tibetan_day', lunarDay: 15, count: 3 }, '2026-01-01')).toHaveLength(3);
  });

  it('gives no days without a lunar day, or for one that is not a lunar day', () => {
    expect(planDays({ kind: 'tibetan_day', count: 3 }, '2026-01-01')).toEqual([]);
    expect(planDays({ kind: 'tibetan_day', lunarDay: 31, count: 3 }, '2026-01-01')).toEqual([]);
  });
});
