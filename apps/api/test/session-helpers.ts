import fs from 'node:fs/promises';
import type { LoginResponse } from '@puja/contract';
import { outboxFile } from '../src/integrations/sms/outbox-sms.ts';
import type { TestApp } from './test-app.ts';

/** The newest sign-in code the outbox holds for a number, as a person would read it on their phone. */
export async function latestCodeFor(harness: TestApp, e164: string): Promise<string | undefined> {
  const text = await fs.readFile(outboxFile(harness.dataDirectory), 'utf8').catch(() => '');
  const messages = text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .filter((message) => message.to === e164);
  return /\b(\d{6})\b/.exec(messages.at(-1)?.text ?? '')?.[1];
}

let nextAddress = 1;
/** A different client address per call, so per-address throttles do not couple unrelated tests. */
export function freshAddress(): string {
  nextAddress += 1;
  return `10.1.${Math.floor(nextAddress / 250)}.${nextAddress % 250}`;
}

/** Signs in through the real endpoints: ask for a code, read it from the outbox, log in with its challenge. */
export async function signInByPhone(harness: TestApp, nationalNumber: string): Promise<LoginResponse> {
  const remoteAddress = freshAddress();
  const sent = await harness.app.inject({
    method: 'POST',
    url: '/api/send-otp',
    remoteAddress,
    payload: { code: '+977', phone: nationalNumber },
  });
  if (sent.statusCode !== 200) throw new Error(`send-otp: ${sent.statusCode} ${sent.body}`);
  const { challenge } = sent.json<{ challenge: string }>();
  const otp = await latestCodeFor(harness, `+977${nationalNumber}`);
  const login = await harness.app.inject({
    method: 'POST',
    url: '/api/login-phone',
    remoteAddress,
    payload: { code: '+977', phone: nationalNumber, otp, challenge },
  });
  if (login.statusCode !== 200) throw new Error(`login-phone: ${login.statusCode} ${login.body}`);
  return login.json();
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
