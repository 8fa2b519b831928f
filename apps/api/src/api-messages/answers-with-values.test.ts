import { addDays, todayIn } from '@puja/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMonastery, insertPuja, offer } from '../../test/catalogue-fixtures.ts';
import { bearer, signInByPhone } from '../../test/session-helpers.ts';
import { startStandIn } from '../../test/stand-ins/http-stand-in.ts';
import { sparrow } from '../../test/stand-ins/sms-stand-ins.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Answers that carry values, and zod's own field errors, in the request's language (docs/decisions/018):
 * the values kept, numbers and amounts written the language's way, a country named in the language.
 */
const NEPALI = { 'accept-language': 'ne-NP,ne;q=0.9,en;q=0.5' };
const CHINESE = { cookie: 'lang=zh-Hant' };

describe('an order refused with values and field errors', () => {
  let harness: TestApp;
  let token: string;
  const ids = { monastery: 0, puja: 0 };
  const today = todayIn('Asia/Kathmandu');
  beforeAll(async () => {
    harness = await createTestApp();
    const { db } = harness.database;
    const monastery = await insertMonastery(db, { slug: 'language-gompa' });
    const puja = await insertPuja(db, { slug: 'language-tara' });
    await offer(db, monastery.id, puja.id, 150000);
    Object.assign(ids, { monastery: monastery.id, puja: puja.id });
    token = (await signInByPhone(harness, '9816000001')).token;
  });
  afterAll(() => harness.close());

  const placeOrder = (payload: object, headers: Record<string, string>) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...bearer(token), ...headers },
      payload: {
        monastery: ids.monastery,
        puja: ids.puja,
        cost: 150000,
        date: addDays(today, 3),
        payment: 'esewa',
        ...payload,
      },
    });

  it('tells the changed price in Nepali digits and in Chinese, on the message and the cost field', async () => {
    const nepali = await placeOrder({ cost: 1 }, NEPALI);
    expect(nepali.statusCode).toBe(422);
    const inNepali = 'यो पूजाको मूल्य अब रु. १,५०,००० भएको छ। कृपया जाँच गरेर फेरि अर्डर गर्नुहोस्।';
    expect(nepali.json()).toEqual({ message: inNepali, errors: { cost: [inNepali] } });

    const chinese = await placeOrder({ cost: 1 }, CHINESE);
    const inChinese = '此法會的價格已變更為 Rs. 150,000。請確認後重新下單。';
    expect(chinese.json()).toEqual({ message: inChinese, errors: { cost: [inChinese] } });

    expect((await placeOrder({ cost: 1 }, {})).json().message).toBe(
      'The price of this puja is now Rs. 1,50,000. Please check and order again.',
    );
  });

  it('answers a 422 with zod’s own messages and the schema’s messages in the language, per request', async () => {
    // A key that is not text meets zod's own message; the others, the schema's.
    const invalid = { idempotency_key: 42, intention: 'x'.repeat(501), date: 'soon' };
    const [nepali, chinese, english] = await Promise.all([
      placeOrder(invalid, NEPALI),
      placeOrder(invalid, CHINESE),
      placeOrder(invalid, {}),
    ]);
    expect(nepali.statusCode).toBe(422);
    expect(nepali.json()).toEqual({
      message: 'यो अनुरोध मान्य छैन।',
      errors: {
        idempotency_key: ['अमान्य इनपुट: अपेक्षित string, प्राप्त number'],
        intention: ['संकल्प बढीमा ५०० अक्षरको हुन सक्छ।'],
        date: ['मिति छान्नुहोस्।'],
      },
    });
    expect(chinese.json()).toEqual({
      message: '此請求無效。',
      errors: {
        idempotency_key: ['無效的輸入值：預期為 string，但收到 number'],
        intention: ['祈願內容最多 500 個字元。'],
        date: ['請選擇日期。'],
      },
    });
    expect(english.json()).toEqual({
      message: 'The request is not valid.',
      errors: {
        idempotency_key: ['Invalid input: expected string, received number'],
        intention: ['The intention can be at most 500 characters.'],
        date: ['Choose a date.'],
      },
    });
  });
});

describe('a sign-in code to a country SMS cannot reach yet', () => {
  let sparrowStandIn: Awaited<ReturnType<typeof startStandIn>>;
  let harness: TestApp;
  beforeAll(async () => {
    sparrowStandIn = await startStandIn(sparrow);
    harness = await createTestApp({
      env: {
        SMS_PROVIDER: 'sparrow',
        SPARROW_API_URL: `${sparrowStandIn.url}/v2/`,
        SPARROW_TOKEN: 'sparrow-test-token',
        SPARROW_FROM: 'PujaAlert',
      },
    });
  });
  afterAll(async () => {
    await harness.close();
    await sparrowStandIn.close();
  });

  const askForCode = (headers: Record<string, string>) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/send-otp',
      headers,
      payload: { code: '+61', phone: '412345678' },
    });

  it('names the country in Nepali and in Chinese', async () => {
    const nepali = await askForCode(NEPALI);
    expect(nepali.statusCode).toBe(422);
    const inNepali =
      'हामी अहिलेसम्म अस्ट्रेलियाका नम्बरमा SMS पठाउन सक्दैनौं। कृपया नेपाली मोबाइल नम्बरबाट साइन इन गर्नुहोस्, वा हामीलाई सम्पर्क गर्नुहोस्।';
    expect(nepali.json()).toEqual({ message: inNepali, errors: { phone: [inNepali] } });
    const inChinese = '我們目前還無法發送簡訊到澳洲的號碼。請使用尼泊爾手機號碼登入，或與我們聯絡。';
    expect((await askForCode(CHINESE)).json()).toEqual({
      message: inChinese,
      errors: { phone: [inChinese] },
    });
  });
});
