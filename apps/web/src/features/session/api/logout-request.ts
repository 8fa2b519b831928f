import { logOutEndpoint } from '@puja/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { endpointUrl } from '../../../lib/endpoint-client.ts';

/** Revokes the session's token on the server. */
export function logout(): Promise<unknown> {
  // A 401 here is reported as a failed logout by useLogout, not as an expired session: callEndpoint would
  // end the session on it, hence apiRequest. Only the status matters.
  return apiRequest(endpointUrl(logOutEndpoint, {}), {
    method: logOutEndpoint.method,
    expireSessionOn401: false,
  });
}
