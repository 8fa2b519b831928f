import { describe, expect, it } from 'vitest';
import { formatMessageTime, formatOrderDate } from './formatting.ts';

// Built from local parts, so the result does not depend on the machine's time zone.
const afternoon = new Date(2024, 0, 1, 13, 5);

describe('date formats (SPEC §9)', () => {
  it('formats message times', () => {
    expect(formatMessageTime(afternoon)).toBe('01:05 PM Jan 1st, 2024');
  });

  it('formats order dates', () => {
    expect(formatOrderDate(afternoon)).toBe('January 1st, 2024 01:05 PM');
  });
});
