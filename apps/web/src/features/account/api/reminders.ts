import { updateRemindersEndpoint } from '@puja/contract';
import { useEndpointMutation } from '../../../lib/endpoint-client.ts';
import { updateUser } from '../../../lib/session.ts';

/** Saves how the patron is reminded, with the browser's zone; the answer's user replaces the session's. */
export function useUpdateReminders() {
  return useEndpointMutation(updateRemindersEndpoint, { onSuccess: ({ user }) => updateUser(user) });
}
