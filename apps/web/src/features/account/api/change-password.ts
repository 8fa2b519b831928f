import { changePasswordEndpoint } from '@puja/contract';
import { useEndpointMutation } from '../../../lib/endpoint-client.ts';

/**
 * A staff member's or administrator's own new password (`POST /api/me/password`). The server ends every
 * other session of the account; this one stays, so nothing in the browser changes.
 */
export function useChangePassword() {
  return useEndpointMutation(changePasswordEndpoint);
}
