import { type LoginPhoneRequest, type LoginResponse, loginResponseSchema } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `POST /api/login-phone`: trades the texted code, with the challenge send-otp gave this browser, for a
 * session token and the signed-in user.
 */
export function loginWithPhone(input: Required<LoginPhoneRequest>): Promise<LoginResponse> {
  return apiRequest('/api/login-phone', {
    method: 'POST',
    body: { code: input.code, phone: input.phone, otp: input.otp, challenge: input.challenge },
    schema: loginResponseSchema,
    // A sign-in is never made with a session, so its 401 ('OTP does not match') cannot end one.
    sendToken: false,
  });
}

export function useLoginWithPhone() {
  return useMutation({ mutationFn: loginWithPhone });
}
