import { describe, expect, it } from 'vitest';
import { filterAndSortOfferings, OFFERING_SEARCH_MAX_LENGTH, readOfferingFilters } from './offerings.ts';

const items = [
  { name: 'Green Tara Puja', pivot: { cost: 1500 } },
  { name: 'Medicine Buddha', pivot: { cost: 500 } },
  { name: 'Guru Rinpoche Tsok', pivot: { cost: 3000 } },
];

describe('filterAndSortOfferings', () => {
  it('keeps the given order when no sort is chosen', () => {
    expect(filterAndSortOfferings(items, '', 'none').map((item) => item.name)).toEqual([
      'Green Tara Puja',
      'Medicine Buddha',
      'Guru Rinpoche Tsok',
    ]);
  });

  it('matches any part of the name, ignoring case and surrounding spaces', () => {
    expect(filterAndSortOfferings(items, '  TARA ', 'none').map((item) => item.name)).toEqual([
      'Green Tara Puja',
    ]);
    expect(filterAndSortOfferings(items, 'bud', 'none').map((item) => item.name)).toEqual([
      'Medicine Buddha',
    ]);
  });

  it('finds a name by its words in any language entered, and by a Latin name without its accents', () => {
    const translated = [
      { name: 'Green Tara Puja', name_ne: 'हरित तारा पूजा', name_zh_hant: '綠度母法會', pivot: { cost: 1 } },
      { name: 'Lama Chöpa', name_ne: null, name_zh_hant: null, pivot: { cost: 2 } },
    ];
    const names = (search: string) =>
      filterAndSortOfferings(translated, search, 'none').map((item) => item.name);
    expect(names('तारा')).toEqual(['Green Tara Puja']);
    expect(names('度母')).toEqual(['Green Tara Puja']);
    expect(names('chopa')).toEqual(['Lama Chöpa']);
    // Devanagari's vowel signs are part of the word: तर is not तारा.
    expect(names('तर')).toEqual([]);
  });

  it('orders by price both ways without touching the input', () => {
    const copy = [...items];
    expect(filterAndSortOfferings(items, '', 'lowToHigh').map((item) => item.pivot.cost)).toEqual([
      500, 1500, 3000,
    ]);
    expect(filterAndSortOfferings(items, '', 'highToLow').map((item) => item.pivot.cost)).toEqual([
      3000, 1500, 500,
    ]);
    expect(items).toEqual(copy);
  });
});

describe('readOfferingFilters', () => {
  const read = (query: string) => readOfferingFilters(new URLSearchParams(query));

  it('reads the search and sort the form sends', () => {
    expect(read('q=+tara+&sort=highToLow')).toEqual({ q: 'tara', sort: 'highToLow' });
  });

  it('reads no search or sort from an empty form, or a sort it does not offer', () => {
    expect(read('q=&sort=none')).toEqual({ q: undefined, sort: undefined });
    expect(read('sort=price;drop')).toEqual({ q: undefined, sort: undefined });
  });

  it('reads at most the longest search', () => {
    expect(read(`q=${'a'.repeat(5000)}`).q).toHaveLength(OFFERING_SEARCH_MAX_LENGTH);
  });
});
