import { getClientConfigEndpoint } from '@puja/contract';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** GET /api/client-config, checked against the contract: loaded by its query when it first fetches. */
export function fetchSiteContacts(signal?: AbortSignal) {
  return callEndpoint(getClientConfigEndpoint, { signal });
}
