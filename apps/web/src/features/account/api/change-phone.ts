import { changePhoneEndpoint, sendPhoneChangeCodeEndpoint } from '@puja/contract';
import { useEndpointMutation } from '../../../lib/endpoint-client.ts';
import { updateUser } from '../../../lib/session.ts';

/** Texts a code to the number the patron wants to move to; the answer's challenge goes back with it. */
export function useSendPhoneChangeCode() {
  return useEndpointMutation(sendPhoneChangeCodeEndpoint);
}

/** Moves the account to the new number; the answer's user (with it) replaces the one in the session. */
export function useChangePhone() {
  return useEndpointMutation(changePhoneEndpoint, { onSuccess: ({ user }) => updateUser(user) });
}
