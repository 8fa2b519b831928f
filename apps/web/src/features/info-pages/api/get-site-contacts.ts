import { getClientConfigEndpoint } from '@puja/contract';
import { useEndpointQuery } from '../../../lib/endpoint-client.ts';

/**
 * How people reach the team (`support`) and the site's social pages (`social`), as the server is
 * configured: GET /api/client-config, the same answer the sign-in form reads its bot check from. Used by
 * lazy code only (the Contact page, the footer's social links), so the module declaring the endpoint stays
 * out of the first bundle.
 */
export function useSiteContacts() {
  // Set when the server starts; one look per visit is enough.
  return useEndpointQuery(getClientConfigEndpoint, {}, { staleTime: Number.POSITIVE_INFINITY });
}
