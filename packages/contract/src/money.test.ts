import { describe, expect, it } from 'vitest';
import { formatRupees, paisaToRupees, rupeesToPaisa } from './money.ts';

describe('money', () => {
  it('round-trips rupees and paisa without float drift', () => {
    expect(rupeesToPaisa(1500.5)).toBe(150050);
    expect(rupeesToPaisa(0.1 + 0.2)).toBe(30);
    expect(paisaToRupees(150050)).toBe(1500.5);
  });

  it('formats with thousands separators and only shows paisa when there are some', () => {
    expect(formatRupees(1500)).toBe('Rs. 1,500');
    expect(formatRupees(1500.5)).toBe('Rs. 1,500.50');
  });
});
