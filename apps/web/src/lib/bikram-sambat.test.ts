import { describe, expect, it } from 'vitest';
import { bikramSambatDay } from './bikram-sambat.ts';

describe('Bikram Sambat days', () => {
  // Known days: Nepal's new year (1 Baisakh), as the Government of Nepal's calendar gives them, and the
  // issue's own example. A second converter from npm (bikram-sambat) was found to agree on each.
  it.each([
    ['2026-11-27', '२०८३ मंसिर ११'],
    ['2023-04-14', '२०८० बैशाख १'],
    ['2024-04-13', '२०८१ बैशाख १'],
    ['2025-04-14', '२०८२ बैशाख १'],
    ['2026-04-14', '२०८३ बैशाख १'],
    ['2026-04-13', '२०८२ चैत्र ३०'],
  ])('%s AD is %s BS', (ad, bs) => {
    expect(bikramSambatDay(ad)).toBe(bs);
  });

  it('gives no date outside the years its table knows, rather than a wrong one', () => {
    expect(bikramSambatDay('2043-04-13')).toBeUndefined();
  });
});
