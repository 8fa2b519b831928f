import { type SendOtpRequest, type SendOtpResponse, sendOtpResponseSchema } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `POST /api/send-otp`: asks the server to text a one-time code to the number. The answer's `challenge`
 * must go back with the code; it also says where the code went and when another may be asked for.
 */
export function sendOtp(
  input: Required<Pick<SendOtpRequest, 'code' | 'phone'>> & Pick<SendOtpRequest, 'captcha'>,
): Promise<SendOtpResponse> {
  return apiRequest('/api/send-otp', {
    method: 'POST',
    body: { code: input.code, phone: input.phone, captcha: input.captcha },
    schema: sendOtpResponseSchema,
    sendToken: false,
  });
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
