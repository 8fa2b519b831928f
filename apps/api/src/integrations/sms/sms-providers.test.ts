import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCodeFor } from '../../../test/session-helpers.ts';
import { startStandIn } from '../../../test/stand-ins/http-stand-in.ts';
import { sparrow, TWILIO_SID, twilio } from '../../../test/stand-ins/sms-stand-ins.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SmsDeliveryError } from './sms-sender.ts';
import { createSparrowSmsSender } from './sparrow-sms.ts';
import { createTwilioSmsSender } from './twilio-sms.ts';

describe('Sparrow SMS adapter', () => {
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  beforeAll(async () => {
    standIn = await startStandIn(sparrow);
  });
  afterAll(() => standIn.close());

  it('posts the exact fields Sparrow expects, with the national 10-digit number', async () => {
    const sender = createSparrowSmsSender({
      apiUrl: `${standIn.url}/v2/`,
      token: 'sparrow-test-token',
      from: 'PujaAlert',
    });
    await sender.send({ to: '+9779812345678', text: 'Hello' });
    const request = standIn.requests.at(-1)!;
    expect(request.headers['content-type']).toMatch(/application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(request.form)).toEqual({
      token: 'sparrow-test-token',
      from: 'PujaAlert',
      to: '9812345678',
      text: 'Hello',
    });
  });

  it('turns Sparrow’s refusals into delivery errors with its code', async () => {
    const badToken = createSparrowSmsSender({
      apiUrl: `${standIn.url}/v2/`,
      token: 'wrong',
      from: 'PujaAlert',
    });
    await expect(badToken.send({ to: '+9779812345678', text: 'x' })).rejects.toMatchObject({
      providerCode: 1002,
    });
    const sender = createSparrowSmsSender({
      apiUrl: `${standIn.url}/v2/`,
      token: 'sparrow-test-token',
      from: 'PujaAlert',
    });
    await expect(sender.send({ to: '+9771441234', text: 'x' })).rejects.toMatchObject({ providerCode: 1007 });
    await expect(sender.send({ to: '+14155550100', text: 'x' })).rejects.toBeInstanceOf(SmsDeliveryError);
  });

  it('reports an unreachable provider', async () => {
    const sender = createSparrowSmsSender({ apiUrl: 'http://127.0.0.1:9/v2/', token: 't', from: 'f' });
    await expect(sender.send({ to: '+9779812345678', text: 'x' })).rejects.toThrow(/unreachable/);
  });
});

describe('Twilio adapter', () => {
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  beforeAll(async () => {
    standIn = await startStandIn(twilio);
  });
  afterAll(() => standIn.close());

  it('posts To, From and Body with basic auth to the account’s Messages resource', async () => {
    const sender = createTwilioSmsSender({
      apiUrl: standIn.url,
      accountSid: TWILIO_SID,
      authToken: 'twilio-test-token',
      from: '+15005550006',
    });
    await sender.send({ to: '+9779812345678', text: 'Hello' });
    expect(Object.fromEntries(standIn.requests.at(-1)!.form)).toEqual({
      To: '+9779812345678',
      From: '+15005550006',
      Body: 'Hello',
    });
  });

  it('uses a messaging service when From is one', async () => {
    const sender = createTwilioSmsSender({
      apiUrl: standIn.url,
      accountSid: TWILIO_SID,
      authToken: 'twilio-test-token',
      from: `MG${'c'.repeat(32)}`,
    });
    await sender.send({ to: '+9779812345678', text: 'Hello' });
    expect(standIn.requests.at(-1)!.form.get('MessagingServiceSid')).toBe(`MG${'c'.repeat(32)}`);
  });

  it('turns Twilio’s errors into delivery errors with its code', async () => {
    const wrongToken = createTwilioSmsSender({
      apiUrl: standIn.url,
      accountSid: TWILIO_SID,
      authToken: 'nope',
      from: '+15005550006',
    });
    await expect(wrongToken.send({ to: '+9779812345678', text: 'x' })).rejects.toMatchObject({
      providerCode: 20003,
    });
  });
});

describe('sign-in through a real provider adapter', () => {
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  let harness: TestApp;
  let failing = false;
  beforeAll(async () => {
    standIn = await startStandIn((request) =>
      failing
        ? { status: 403, body: { response_code: 1012, response: 'No Credits Available' } }
        : sparrow(request),
    );
    harness = await createTestApp({
      env: {
        SMS_PROVIDER: 'sparrow',
        SPARROW_API_URL: `${standIn.url}/v2/`,
        SPARROW_TOKEN: 'sparrow-test-token',
        SPARROW_FROM: 'PujaAlert',
      },
    });
  });
  afterAll(async () => {
    await harness.close();
    await standIn.close();
  });

  it('delivers the code through Sparrow and signs in with it', async () => {
    const sent = await harness.app.inject({
      method: 'POST',
      url: '/api/send-otp',
      payload: { phone: '9812000001' },
    });
    expect(sent.statusCode).toBe(200);
    const text = standIn.requests.at(-1)!.form.get('text')!;
    const code = /\b(\d{6})\b/.exec(text)![1];
    expect(await latestCodeFor(harness, '+9779812000001')).toBeUndefined(); // nothing went to the outbox
    const login = await harness.app.inject({
      method: 'POST',
      url: '/api/login-phone',
      payload: { phone: '9812000001', otp: code, challenge: sent.json().challenge },
    });
    expect(login.statusCode).toBe(200);
  });

  it('withdraws the code when the SMS cannot be sent, so the person can ask again at once', async () => {
    failing = true;
    const refused = await harness.app.inject({
      method: 'POST',
      url: '/api/send-otp',
      payload: { phone: '9812000002' },
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe('We could not send the SMS. Please try again in a moment.');
    failing = false;
    const retried = await harness.app.inject({
      method: 'POST',
      url: '/api/send-otp',
      payload: { phone: '9812000002' },
    });
    expect(retried.statusCode).toBe(200);
  });
});
