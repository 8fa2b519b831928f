import { getClientConfigEndpoint } from '@puja/contract';
import { useEndpointQuery } from '../../../lib/endpoint-client.ts';

/** Whether the sign-in form must show a bot-check widget, and its site key. */
export function useClientConfig() {
  // Set when the server starts; one look per visit is enough.
  return useEndpointQuery(getClientConfigEndpoint, {}, { staleTime: Number.POSITIVE_INFINITY });
}
