import { type LoginPasswordRequest, type LoginResponse, loginResponseSchema } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/login`: e-mail and password, for staff accounts that have a password. */
export function loginWithPassword(input: LoginPasswordRequest): Promise<LoginResponse> {
  return apiRequest('/api/login', {
    method: 'POST',
    body: { email: input.email, password: input.password },
    schema: loginResponseSchema,
    sendToken: false,
  });
}

export function useLoginWithPassword() {
  return useMutation({ mutationFn: loginWithPassword });
}
