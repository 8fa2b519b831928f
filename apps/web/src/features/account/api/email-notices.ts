import { updateEmailNoticesEndpoint } from '@puja/contract';
import { useEndpointMutation } from '../../../lib/endpoint-client.ts';
import { updateUser } from '../../../lib/session.ts';

/** Turns the order notices by e-mail on or off; the answer's user replaces the one in the session. */
export function useUpdateEmailNotices() {
  return useEndpointMutation(updateEmailNoticesEndpoint, { onSuccess: ({ user }) => updateUser(user) });
}
