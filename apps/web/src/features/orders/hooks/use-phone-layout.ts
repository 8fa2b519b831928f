import { useMediaQuery } from '@mantine/hooks';

/**
 * Below Mantine's `md` breakpoint (62em) the staff's lists are cards and the calendar a list of days: with
 * the back office's sidebar beside it, a tablet has no room for a table's columns, and a 360 px phone
 * none at all. Read on the first render, so a phone never draws the table first.
 */
export const PHONE_LAYOUT_QUERY = '(max-width: 61.99em)';

export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_LAYOUT_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}
