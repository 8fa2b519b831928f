import { describe, expect, it } from 'vitest';
import { formatMessageTime, formatOrderDate, formatPujaDate } from './formatting.ts';

// Built from local parts, so the result does not depend on the machine's time zone.
const afternoon = new Date(2024, 0, 1, 13, 5);

describe('date formats (SPEC §9)', () => {
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
});
