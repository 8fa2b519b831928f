import { type UsersResponse, updateUserEndpoint } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import type { UserSubmission } from '../utils/user-form.ts';
import { useApplyUsersWrite } from './user-requests.ts';

export interface UserUpdate extends UserSubmission {
  id: number;
  /** The version the form was opened at (docs/decisions/040). */
  version: number | undefined;
}

/**
 * Updates an account: name, email, phone, role, monastery, and the password pair only when a new password
 * is set.
 */
export function updateUser(input: UserUpdate): Promise<UsersResponse> {
  const changingPassword = Boolean(input.password);
  return callEndpoint(updateUserEndpoint, {
    params: { id: input.id },
    body: {
      name: input.name,
      email: input.email,
      phone: input.phone,
      role: input.role,
      monastery: input.monastery,
      password: changingPassword ? input.password : undefined,
      cpassword: changingPassword ? input.cpassword : undefined,
      version: input.version,
    },
  });
}

export function useUpdateUser() {
  const applyWrite = useApplyUsersWrite();
  return useMutation({ mutationFn: updateUser, onSuccess: applyWrite });
}
