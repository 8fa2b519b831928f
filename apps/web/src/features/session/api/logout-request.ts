import { logOutEndpoint } from '@puja/contract';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** Revokes the session's token on the server. */
export function logout(): Promise<unknown> {
  // A 401 here is reported as a failed logout by useLogout, not as an expired session.
  return callEndpoint(logOutEndpoint, {}, { expireSessionOn401: false });
}
