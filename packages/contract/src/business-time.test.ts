import { describe, expect, it } from 'vitest';
import { addDays, isCalendarDate, startOfBusinessDay, todayIn } from './business-time.ts';

describe('business dates', () => {
  it('knows today in Kathmandu, even when it is still yesterday in UTC', () => {
    // 20:00 UTC on 1 December is 01:45 on 2 December in Kathmandu (UTC+5:45).
    expect(todayIn('Asia/Kathmandu', new Date('2026-12-01T20:00:00Z'))).toBe('2026-12-02');
    expect(todayIn('UTC', new Date('2026-12-01T20:00:00Z'))).toBe('2026-12-01');
  });

  it('tells real calendar days from impossible ones', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('26-12-01')).toBe(false);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-22', 365)).toBe('2027-11-22');
  });

  it('writes the start of a business day with the zone offset', () => {
    expect(startOfBusinessDay('2026-12-01', 'Asia/Kathmandu')).toBe('2026-12-01T00:00:00+05:45');
    expect(startOfBusinessDay('2026-12-01', 'UTC')).toBe('2026-12-01T00:00:00+00:00');
  });
});
