import { describe, expect, it } from 'vitest';
import { formatBusinessTime, formatMessageTime, formatOrderDate, formatPujaDate } from './formatting.ts';

// Built from local parts, so the result does not depend on the machine's time zone.
const afternoon = new Date(2024, 0, 1, 13, 5);

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
