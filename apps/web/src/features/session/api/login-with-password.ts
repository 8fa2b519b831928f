import { type LoginPasswordRequest, type LoginResponse, loginWithPasswordEndpoint } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { endpointUrl } from '../../../lib/endpoint-client.ts';

/**
 * E-mail and password, for staff accounts that have a password. Sent without the session's token, as
 * every sign-in (callEndpoint always sends it), so a wrong password cannot end a session.
 */
export function loginWithPassword(input: LoginPasswordRequest): Promise<LoginResponse> {
  return apiRequest(endpointUrl(loginWithPasswordEndpoint, {}), {
    method: loginWithPasswordEndpoint.method,
    body: { email: input.email, password: input.password },
    schema: loginWithPasswordEndpoint.responses[200],
    sendToken: false,
  });
}

export function useLoginWithPassword() {
  return useMutation({ mutationFn: loginWithPassword });
}
