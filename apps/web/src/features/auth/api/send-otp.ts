import { type MessageResponse, messageResponseSchema, type SendOtpRequest } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/send-otp`: asks the server to text a one-time code to the number. */
export function sendOtp(
  input: Required<Pick<SendOtpRequest, 'code' | 'phone'>> & Pick<SendOtpRequest, 'captcha'>,
): Promise<MessageResponse> {
  return apiRequest('/api/send-otp', {
    method: 'POST',
    body: { code: input.code, phone: input.phone, captcha: input.captcha },
    schema: messageResponseSchema,
    sendToken: false,
  });
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
