import net from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * With REDIS_URL the rate limits are counted in Redis (across instances: apps/api/test/multi-instance.test.ts).
 * Here, what happens when that Redis is not there or does not answer: requests are served and counted in
 * this process (docs/decisions/027), and the outage is logged as a warning, not once per request.
 */
let harness: TestApp | undefined;
let silentRedis: net.Server | undefined;
const silentSockets: net.Socket[] = [];
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  for (const socket of silentSockets) socket.destroy();
  await new Promise((resolve) => (silentRedis ? silentRedis.close(resolve) : resolve(undefined)));
  silentRedis = undefined;
});

async function appWithRedisAt(url: string) {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  harness = await createTestApp({ env: { REDIS_URL: url, LOGIN_ATTEMPTS_PER_MINUTE: '2' }, logger });
  const guesses = [];
  for (let index = 0; index < 5; index += 1) {
    const started = Date.now();
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/login-phone',
      remoteAddress: '10.9.7.1',
      // A well-formed challenge of no code: each guess that gets through is a 401.
      payload: { phone: '9813000070', otp: '123456', challenge: 'c'.repeat(43) },
    });
    guesses.push({ status: response.statusCode, ms: Date.now() - started });
  }
  const warnings = lines.filter((line) => line.level === 40 && /Redis does not answer/.test(line.msg));
  return { guesses, warnings };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('rate limits when Redis fails', () => {
  it('counts in process when Redis refuses connections, with one warning', async () => {
    const { guesses, warnings } = await appWithRedisAt(`redis://127.0.0.1:${await closedPort()}`);
    // Two wrong codes a minute are allowed, then 429 as with a Redis that answers; never a 5xx.
    expect(guesses.map((guess) => guess.status)).toEqual([401, 401, 429, 429, 429]);
    expect(warnings).toHaveLength(1);
  });

  it('does not wait for a Redis that accepts connections but never answers', async () => {
    silentRedis = net.createServer((socket) => void silentSockets.push(socket));
    await new Promise<void>((resolve) => silentRedis!.listen(0, '127.0.0.1', resolve));
    const { port } = silentRedis.address() as net.AddressInfo;
    const { guesses, warnings } = await appWithRedisAt(`redis://127.0.0.1:${port}`);
    expect(guesses.map((guess) => guess.status)).toEqual([401, 401, 429, 429, 429]);
    for (const guess of guesses) expect(guess.ms).toBeLessThan(2_000);
    expect(warnings).toHaveLength(1);
  });
});
