import { afterEach, describe, expect, it } from 'vitest';
import { freshAddress } from '../../test/session-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The API answers its messages in the request's language: the lang cookie, else Accept-Language. */
let harness: TestApp | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const NEPALI = { 'accept-language': 'ne' };
const CHINESE_COOKIE = { cookie: 'theme=dark; lang=zh-Hant', 'accept-language': 'en-US' };

const sendOtp = (phone: string, headers: Record<string, string> = {}, remoteAddress = freshAddress()) =>
  harness!.app.inject({ method: 'POST', url: '/api/send-otp', remoteAddress, headers, payload: { phone } });

describe('the language of the API’s answers', () => {
  it('says a success message in Nepali, Chinese, or English when the request names no language', async () => {
    harness = await createTestApp();
    expect((await sendOtp('9814000001', NEPALI)).json().message).toBe('SMS पठाइयो।');
    expect((await sendOtp('9814000002', CHINESE_COOKIE)).json().message).toBe('簡訊已發送。');
    expect((await sendOtp('9814000003')).json().message).toBe('SMS Sent');
  });

  it('answers invalid input (422) with the message and the field errors translated', async () => {
    harness = await createTestApp();
    const nepali = await sendOtp('98-abc', NEPALI);
    expect(nepali.statusCode).toBe(422);
    expect(nepali.json()).toEqual({
      message: 'यो अनुरोध मान्य छैन।',
      errors: { phone: ['फोन नम्बरमा अङ्क, खाली ठाउँ, कोष्ठक, ड्यास र थोप्ला मात्र हुन सक्छन्।'] },
    });
    const chinese = await sendOtp('98-abc', CHINESE_COOKIE);
    expect(chinese.json()).toEqual({
      message: '此請求無效。',
      errors: { phone: ['電話號碼只能包含數字、空格、括號、連字號和句點。'] },
    });
    expect((await sendOtp('98-abc')).json()).toEqual({
      message: 'The request is not valid.',
      errors: { phone: ['Phone may contain only digits, spaces, brackets, dashes and dots.'] },
    });
  });

  it('answers a missing page (404) in the request’s language', async () => {
    harness = await createTestApp();
    const ask = (headers: Record<string, string>) =>
      harness!.app.inject({ url: '/api/nothing-here', headers });
    expect((await ask(NEPALI)).json()).toEqual({ message: 'भेटिएन।' });
    expect((await ask(CHINESE_COOKIE)).json()).toEqual({ message: '找不到。' });
    expect((await ask({})).json()).toEqual({ message: 'Not found.' });
  });

  it('answers a throttle (429) with its wait in the request’s language', async () => {
    harness = await createTestApp({ env: { OTP_RESEND_SECONDS: '60' } });
    expect((await sendOtp('9814000010', {}, '10.8.0.1')).statusCode).toBe(200);
    const nepali = await sendOtp('9814000010', NEPALI, '10.8.0.1');
    expect(nepali.statusCode).toBe(429);
    expect(nepali.json()).toEqual({ message: 'धेरै पटक अनुरोध भयो। ६० सेकेन्डपछि फेरि प्रयास गर्नुहोस्।' });
    expect(nepali.headers['retry-after']).toBe('60');
    expect((await sendOtp('9814000010', CHINESE_COOKIE, '10.8.0.1')).json()).toEqual({
      message: '請求次數過多，請 60 秒後再試。',
    });
    expect((await sendOtp('9814000010', {}, '10.8.0.1')).json()).toEqual({
      message: 'Too many requests. Try again in 60 seconds.',
    });
  });
});
