import type { UsersResponse } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import type { UserSubmission } from '../utils/user-form.ts';
import { requestUserList, useApplyUsersWrite } from './user-requests.ts';

/** `POST /api/user`: multipart name, email, password, cpassword, phone, role, monastery (SPEC §7). */
export function createUser(input: UserSubmission): Promise<UsersResponse> {
  return requestUserList('/api/user', {
    method: 'POST',
    body: {
      name: input.name,
      email: input.email,
      password: input.password,
      cpassword: input.cpassword,
      phone: input.phone,
      role: input.role,
      monastery: input.monastery,
    },
  });
}

export function useCreateUser() {
  const applyWrite = useApplyUsersWrite();
  return useMutation({ mutationFn: createUser, onSuccess: applyWrite });
}
