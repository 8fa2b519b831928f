import { catalogueTextsOf, SORT_OPTIONS, type SortOption, type WithTranslations } from '@puja/contract';
import { matchesSearch } from '../../../lib/table-page.ts';
import { oneOf } from '../../../lib/use-url-filters.ts';

/**
 * A puja offered by a monastery, or a monastery offering a puja: both carry the offering's price, and
 * their name in every language entered (docs/decisions/049).
 */
export type Offering = WithTranslations<'name'> & { pivot: { cost: number } };

/** The sort select (docs/product.md#monastery-page): 'Select Filter' keeps the server's order. */
export type OfferingSort = SortOption | 'none';

/** The longest search read from an address: a name is far shorter. */
export const OFFERING_SEARCH_MAX_LENGTH = 100;

/**
 * The search and sort in the page's address (`?q=tara&sort=lowToHigh`), as the GET form sends them and the
 * server renders them (docs/decisions/028). Anything the form does not offer is read as no sort.
 */
export function readOfferingFilters(params: URLSearchParams): {
  q: string | undefined;
  sort: SortOption | undefined;
} {
  const q = params.get('q')?.trim().slice(0, OFFERING_SEARCH_MAX_LENGTH);
  return { q: q || undefined, sort: oneOf(SORT_OPTIONS, params.get('sort')) };
}

/**
 * Filters by name (every word of the search in the name in any of its languages, case and Latin accents
 * ignored), then orders by price; never mutates `items`.
 */
export function filterAndSortOfferings<T extends Offering>(
  items: readonly T[],
  search: string,
  sort: OfferingSort,
): T[] {
  const matching = items.filter((item) => matchesSearch(catalogueTextsOf(item, 'name'), search));
  if (sort === 'lowToHigh') return matching.sort((a, b) => a.pivot.cost - b.pivot.cost);
  if (sort === 'highToLow') return matching.sort((a, b) => b.pivot.cost - a.pivot.cost);
  return matching;
}
