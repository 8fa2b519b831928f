import { describe, expect, it } from 'vitest';
import { formatRupees, isWholePaisa, paisaToRupees, rupeesToPaisa } from './money.ts';

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

  it('takes amounts of whole paisa, however binary floating point writes them, and refuses a third decimal', () => {
    // 4451.69 × 100 is 445168.99999999994 in floating point: a patron's amount the form must take.
    for (const rupees of [4451.69, 0.29, 1.005 + 0.005, 1500, 2500.5])
      expect(isWholePaisa(rupees), String(rupees)).toBe(true);
    for (const rupees of [0.001, 4451.695, 10.101]) expect(isWholePaisa(rupees), String(rupees)).toBe(false);
  });
});
