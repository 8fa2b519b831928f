import { unavailableDaysEndpoint } from '@puja/contract';
import { useEndpointQuery } from '../../../lib/endpoint-client.ts';

/**
 * The days from..to a monastery does not take orders for, each with why (docs/decisions/040). Asked again
 * after a minute at most: a day fills while a patron looks.
 */
export function useUnavailableDays(
  monastery: number | null,
  puja: number | null,
  range: { from: string; to: string },
) {
  return useEndpointQuery(
    unavailableDaysEndpoint,
    {
      params: { monasteryId: monastery ?? 0 },
      query: { ...range, ...(puja ? { puja } : {}) },
    },
    { enabled: monastery !== null, staleTime: 60_000 },
  );
}
