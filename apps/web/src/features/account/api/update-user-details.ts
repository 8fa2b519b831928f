import { type MeResponse, type UpdateUserDetailsRequest, updateUserDetailsEndpoint } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { updateUser } from '../../../lib/session.ts';

/** The signed-in person's name and e-mail. */
export function updateUserDetails(input: UpdateUserDetailsRequest): Promise<MeResponse> {
  return callEndpoint(updateUserDetailsEndpoint, { body: { name: input.name, email: input.email } });
}

/** Saves the details; the answer's user replaces the one in the session. */
export function useUpdateUserDetails() {
  return useMutation({
    mutationFn: updateUserDetails,
    onSuccess: ({ user }) => updateUser(user),
  });
}
