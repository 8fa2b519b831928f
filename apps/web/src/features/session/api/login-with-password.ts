import { type LoginPasswordRequest, type LoginResponse, loginWithPasswordEndpoint } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/**
 * E-mail and password, for staff accounts that have a password. Sent without the session's token, as
 * every sign-in, so a wrong password cannot end a session.
 */
export function loginWithPassword(input: LoginPasswordRequest): Promise<LoginResponse> {
  return callEndpoint(
    loginWithPasswordEndpoint,
    { body: { email: input.email, password: input.password } },
    { sendToken: false },
  );
}

export function useLoginWithPassword() {
  return useMutation({ mutationFn: loginWithPassword });
}
