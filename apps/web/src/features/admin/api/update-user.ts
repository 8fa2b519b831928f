import type { UsersResponse } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import type { UserSubmission } from '../utils/user-form.ts';
import { requestUserList, useApplyUsersWrite } from './user-requests.ts';

export interface UserUpdate extends UserSubmission {
  id: number;
}

/**
 * `POST /api/user/{id}` with the patch override: name, email, phone, role, monastery, and the password
 * pair only when a new password is set (SPEC §7).
 */
export function updateUser(input: UserUpdate): Promise<UsersResponse> {
  const changingPassword = Boolean(input.password);
  return requestUserList(`/api/user/${input.id}`, {
    method: 'POST',
    body: {
      _method: 'patch',
      name: input.name,
      email: input.email,
      phone: input.phone,
      role: input.role,
      monastery: input.monastery,
      password: changingPassword ? input.password : undefined,
      cpassword: changingPassword ? input.cpassword : undefined,
    },
  });
}

export function useUpdateUser() {
  const applyWrite = useApplyUsersWrite();
  return useMutation({ mutationFn: updateUser, onSuccess: applyWrite });
}
