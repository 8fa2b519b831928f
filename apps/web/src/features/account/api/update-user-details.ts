import { type MeResponse, meResponseSchema, type UpdateUserDetailsRequest } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { updateUser } from '../../../lib/session.ts';

/** `POST /api/update-user-details` with the patch override: the signed-in person's name and e-mail. */
export function updateUserDetails(input: UpdateUserDetailsRequest): Promise<MeResponse> {
  return apiRequest('/api/update-user-details', {
    method: 'POST',
    body: { _method: 'patch', name: input.name, email: input.email },
    schema: meResponseSchema,
  });
}

/** Saves the details; the answer's user replaces the one in the session (SPEC §7). */
export function useUpdateUserDetails() {
  return useMutation({
    mutationFn: updateUserDetails,
    onSuccess: ({ user }) => updateUser(user),
  });
}
