import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayInZone,
  isCalendarDate,
  startOfBusinessDay,
  TIME_OF_DAY_PATTERN,
  todayIn,
  zonedTimeToUtc,
} from './business-time.ts';

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

describe('times of day in a zone', () => {
  it('turns 07:00 in Kathmandu into UTC (UTC+5:45, no summer time)', () => {
    expect(zonedTimeToUtc('2026-12-01', '07:00', 'Asia/Kathmandu').toISOString()).toBe(
      '2026-12-01T01:15:00.000Z',
    );
    expect(zonedTimeToUtc('2026-12-01', '03:00', 'Asia/Kathmandu').toISOString()).toBe(
      '2026-11-30T21:15:00.000Z',
    );
  });

  it('lands on the right side of a summer-time change', () => {
    // Los Angeles moves from UTC-8 to UTC-7 on 8 March 2026 at 02:00.
    expect(zonedTimeToUtc('2026-03-07', '12:00', 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-07T20:00:00.000Z',
    );
    expect(zonedTimeToUtc('2026-03-09', '12:00', 'America/Los_Angeles').toISOString()).toBe(
      '2026-03-09T19:00:00.000Z',
    );
  });

  it('tells the day an instant falls on in a zone', () => {
    const sevenInKathmandu = zonedTimeToUtc('2026-12-01', '07:00', 'Asia/Kathmandu');
    expect(dayInZone(sevenInKathmandu, 'America/Los_Angeles')).toBe('2026-11-30');
    expect(dayInZone(sevenInKathmandu, 'Australia/Sydney')).toBe('2026-12-01');
  });

  it('accepts only 24-hour times', () => {
    expect(TIME_OF_DAY_PATTERN.test('07:00')).toBe(true);
    expect(TIME_OF_DAY_PATTERN.test('23:59')).toBe(true);
    expect(TIME_OF_DAY_PATTERN.test('24:00')).toBe(false);
    expect(TIME_OF_DAY_PATTERN.test('7:00')).toBe(false);
  });
});
