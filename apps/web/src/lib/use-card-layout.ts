import { useMediaQuery } from '@mantine/hooks';

/**
 * Below Mantine's `sm` breakpoint (48em) the back office's lists are cards instead of tables: a 360 px
 * phone has no room for a table's columns, and a table scrolled sideways hides its action buttons.
 * `query` widens it for a list whose table needs more room (the payments' nine columns). Read on the first
 * render, so a phone never draws the table first.
 */
export const CARD_LAYOUT_QUERY = '(max-width: 47.99em)';

export function useCardLayout(query: string = CARD_LAYOUT_QUERY): boolean {
  return useMediaQuery(query, false, { getInitialValueInEffect: false }) ?? false;
}
