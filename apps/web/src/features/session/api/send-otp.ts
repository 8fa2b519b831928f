import { type SendOtpRequest, type SendOtpResponse, sendOtpEndpoint } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/**
 * Asks the server to text a one-time code to the number. The answer's `challenge` must go back with the
 * code; it also says where the code went and when another may be asked for. Sent without the session's
 * token, as every sign-in call.
 */
export function sendOtp(
  input: Required<Pick<SendOtpRequest, 'code' | 'phone'>> & Pick<SendOtpRequest, 'captcha'>,
): Promise<SendOtpResponse> {
  return callEndpoint(
    sendOtpEndpoint,
    { body: { code: input.code, phone: input.phone, captcha: input.captcha } },
    { sendToken: false },
  );
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
