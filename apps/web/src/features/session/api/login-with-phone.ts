import { type LoginPhoneRequest, type LoginResponse, loginWithPhoneEndpoint } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/**
 * Trades the texted code, with the challenge send-otp gave this browser, for a session token and the
 * signed-in user.
 */
export function loginWithPhone(input: Required<LoginPhoneRequest>): Promise<LoginResponse> {
  return callEndpoint(
    loginWithPhoneEndpoint,
    { body: { code: input.code, phone: input.phone, otp: input.otp, challenge: input.challenge } },
    // A sign-in is never made with a session, so its 401 ('OTP does not match') cannot end one.
    { sendToken: false },
  );
}

export function useLoginWithPhone() {
  return useMutation({ mutationFn: loginWithPhone });
}
