import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCodeFor } from '../../../test/session-helpers.ts';
import { startStandIn } from '../../../test/stand-ins/http-stand-in.ts';
import { sparrow, TWILIO_SID, twilio } from '../../../test/stand-ins/sms-stand-ins.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { loadConfig } from '../../config/env.ts';
import { createSmsSender } from './create-sms-sender.ts';
import { createRoutedSmsSender } from './routed-sms.ts';
import type { SmsSender } from './sms-sender.ts';

/** A sender that keeps what it was given: enough to see which route a message took. */
function recordingSender(name: string, reaches: (to: string) => boolean = () => true) {
  const sent: string[] = [];
  const sender: SmsSender = {
    name,
    reaches,
    async send({ to }) {
      sent.push(to);
    },
  };
  return { sender, sent };
}

const TWILIO_SETTINGS = {
  TWILIO_ACCOUNT_SID: TWILIO_SID,
  TWILIO_AUTH_TOKEN: 'twilio-test-token',
  TWILIO_FROM: '+15005550006',
};
const SPARROW_SETTINGS = { SPARROW_TOKEN: 'sparrow-test-token', SPARROW_FROM: 'PujaAlert' };

describe('routing SMS by destination', () => {
  it('sends Nepali numbers (+977) one way and every other number the other', async () => {
    const nepal = recordingSender('nepal');
    const abroad = recordingSender('abroad');
    const routed = createRoutedSmsSender({ nepal: nepal.sender, abroad: abroad.sender });
    for (const to of ['+9779812345678', '+61412345678', '+14155550100', '+9779800000003'])
      await routed.send({ to, text: 'x' });
    expect(nepal.sent).toEqual(['+9779812345678', '+9779800000003']);
    expect(abroad.sent).toEqual(['+61412345678', '+14155550100']);
  });

  it('reaches a number when its route’s provider does', () => {
    const routed = createRoutedSmsSender({
      nepal: recordingSender('nepal', (to) => to.startsWith('+977')).sender,
      abroad: recordingSender('abroad', () => false).sender,
    });
    expect(routed.reaches('+9779812345678')).toBe(true);
    expect(routed.reaches('+61412345678')).toBe(false);
  });

  it('is built from the environment: one provider for all, or one for Nepal and one for abroad', () => {
    const sender = (env: NodeJS.ProcessEnv) => createSmsSender(loadConfig(env), () => {});
    expect(sender({}).name).toBe('outbox');
    const sparrowAlone = sender({ SMS_PROVIDER: 'sparrow', ...SPARROW_SETTINGS });
    expect(sparrowAlone.reaches('+9779812345678')).toBe(true);
    expect(sparrowAlone.reaches('+61412345678')).toBe(false);
    expect(sender({ SMS_PROVIDER: 'twilio', ...TWILIO_SETTINGS }).reaches('+61412345678')).toBe(true);
    const routed = sender({ SMS_PROVIDER: 'routed', ...SPARROW_SETTINGS, ...TWILIO_SETTINGS });
    expect(routed.name).toBe('routed (Nepal: sparrow, abroad: twilio)');
    expect(routed.reaches('+61412345678')).toBe(true);
  });
});

describe('signing in with SMS_PROVIDER=routed, through the Sparrow and Twilio stand-ins', () => {
  let sparrowStandIn: Awaited<ReturnType<typeof startStandIn>>;
  let twilioStandIn: Awaited<ReturnType<typeof startStandIn>>;
  let harness: TestApp;
  beforeAll(async () => {
    sparrowStandIn = await startStandIn(sparrow);
    twilioStandIn = await startStandIn(twilio);
    harness = await createTestApp({
      env: {
        SMS_PROVIDER: 'routed',
        SPARROW_API_URL: `${sparrowStandIn.url}/v2/`,
        ...SPARROW_SETTINGS,
        TWILIO_API_URL: twilioStandIn.url,
        ...TWILIO_SETTINGS,
      },
    });
  });
  afterAll(async () => {
    await harness.close();
    await Promise.all([sparrowStandIn.close(), twilioStandIn.close()]);
  });

  async function signIn(code: string, phone: string, textOf: () => string | null | undefined) {
    const sent = await harness.app.inject({ method: 'POST', url: '/api/send-otp', payload: { code, phone } });
    expect(sent.statusCode).toBe(200);
    const otp = /\b(\d{6})\b/.exec(textOf() ?? '')![1];
    const login = await harness.app.inject({
      method: 'POST',
      url: '/api/login-phone',
      payload: { code, phone, otp, challenge: sent.json().challenge },
    });
    expect(login.statusCode).toBe(200);
    return login.json().user as { phone: string };
  }

  it('texts a Nepali number through Sparrow, and nothing through Twilio', async () => {
    const user = await signIn('+977', '9812000011', () => sparrowStandIn.requests.at(-1)?.form.get('text'));
    expect(user.phone).toBe('+9779812000011');
    expect(sparrowStandIn.requests.at(-1)!.form.get('to')).toBe('9812000011');
    expect(twilioStandIn.requests).toHaveLength(0);
  });

  it('texts an Australian number through Twilio, and nothing through Sparrow', async () => {
    const before = sparrowStandIn.requests.length;
    const user = await signIn('+61', '412345678', () => twilioStandIn.requests.at(-1)?.form.get('Body'));
    expect(user.phone).toBe('+61412345678');
    expect(twilioStandIn.requests.at(-1)!.form.get('To')).toBe('+61412345678');
    expect(sparrowStandIn.requests).toHaveLength(before);
    expect(await latestCodeFor(harness, '+61412345678')).toBeUndefined(); // nothing went to the outbox
  });
});

describe('Sparrow alone, and a number abroad', () => {
  let sparrowStandIn: Awaited<ReturnType<typeof startStandIn>>;
  let harness: TestApp;
  beforeAll(async () => {
    sparrowStandIn = await startStandIn(sparrow);
    harness = await createTestApp({
      env: { SMS_PROVIDER: 'sparrow', SPARROW_API_URL: `${sparrowStandIn.url}/v2/`, ...SPARROW_SETTINGS },
    });
  });
  afterAll(async () => {
    await harness.close();
    await sparrowStandIn.close();
  });

  it('is told at once, on the phone field, that SMS cannot reach that country yet (422, no code made)', async () => {
    const refused = await harness.app.inject({
      method: 'POST',
      url: '/api/send-otp',
      payload: { code: '+61', phone: '412345678' },
    });
    expect(refused.statusCode).toBe(422);
    const message =
      'We cannot send SMS to numbers in Australia yet. Please sign in with a Nepali mobile number, or contact us.';
    expect(refused.json()).toEqual({ message, errors: { phone: [message] } });
    expect(sparrowStandIn.requests).toHaveLength(0);
    // No code was issued, so no throttle was spent: asking again is told the same, not "too many".
    const again = await harness.app.inject({
      method: 'POST',
      url: '/api/send-otp',
      payload: { code: '+61', phone: '412345678' },
    });
    expect(again.statusCode).toBe(422);
  });

  it('drops a queued notice to a number abroad instead of retrying it for days', async () => {
    await harness.app.jobs.handlers['send-sms']({ to: '+61412345678', text: 'x' });
    expect(sparrowStandIn.requests).toHaveLength(0);
  });
});
