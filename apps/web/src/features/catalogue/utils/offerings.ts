import type { SortOption } from '@puja/contract';

/** A puja offered by a monastery, or a monastery offering a puja: both carry the offering's price. */
export interface Offering {
  name: string;
  pivot: { cost: number };
}

/** The sort select (docs/product.md#monastery-page): 'Select Filter' keeps the server's order. */
export type OfferingSort = SortOption | 'none';

export function isOfferingSort(value: string): value is OfferingSort {
  return value === 'none' || value === 'lowToHigh' || value === 'highToLow';
}

/** Filters by name (case-insensitive, anywhere in the name), then orders by price; never mutates `items`. */
export function filterAndSortOfferings<T extends Offering>(
  items: readonly T[],
  search: string,
  sort: OfferingSort,
): T[] {
  const needle = search.trim().toLocaleLowerCase();
  const matching = needle
    ? items.filter((item) => item.name.toLocaleLowerCase().includes(needle))
    : [...items];
  if (sort === 'lowToHigh') return matching.sort((a, b) => a.pivot.cost - b.pivot.cost);
  if (sort === 'highToLow') return matching.sort((a, b) => b.pivot.cost - a.pivot.cost);
  return matching;
}
