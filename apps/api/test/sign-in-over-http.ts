import fs from 'node:fs/promises';
import { expect } from 'vitest';
import { outboxFile } from '../src/integrations/sms/outbox-sms.ts';

/** A running server process, as the multi-instance and fault tests start them. */
export interface RunningServer {
  url: string;
  dataDirectory: string;
}

/**
 * Signs a Nepali number in over real HTTP: asks `sender` for a code, reads it from that server's SMS outbox,
 * and signs in on `receiver` (the same server unless another instance is to prove it shares the codes).
 */
export async function signInOverHttp(
  nationalNumber: string,
  sender: RunningServer,
  receiver: RunningServer = sender,
): Promise<{ token: string; user: { role: string } }> {
  const sent = await fetch(`${sender.url}/api/send-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: '+977', phone: nationalNumber }),
  });
  expect(sent.status, await sent.clone().text()).toBe(200);
  const { challenge } = (await sent.json()) as { challenge: string };
  const outbox = await fs.readFile(outboxFile(sender.dataDirectory), 'utf8');
  const message = outbox
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .findLast((entry) => entry.to === `+977${nationalNumber}`);
  const otp = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  const login = await fetch(`${receiver.url}/api/login-phone`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: '+977', phone: nationalNumber, otp, challenge }),
  });
  expect(login.status, await login.clone().text()).toBe(200);
  return (await login.json()) as { token: string; user: { role: string } };
}
