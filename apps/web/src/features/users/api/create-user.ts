import { createUserEndpoint, type UsersResponse } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import type { UserSubmission } from '../utils/user-form.ts';
import { useApplyUsersWrite } from './user-requests.ts';

/** Creates a patron or a monastery staff member; the answer is the first page of the list. */
export function createUser(input: UserSubmission): Promise<UsersResponse> {
  return callEndpoint(createUserEndpoint, {
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
