import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ConcurrencyGate } from './load-shedding.ts';

describe('ConcurrencyGate', () => {
  it('runs up to its limit, queues up to its queue limit, and refuses beyond both', () => {
    const gate = new ConcurrencyGate(1, 1);
    const started: string[] = [];
    const first = gate.enter(() => started.push('first'));
    const second = gate.enter(() => started.push('second'));
    expect(gate.enter(() => started.push('third'))).toBeUndefined();
    expect(started).toEqual(['first']);
    expect(first!.leave()).toBe('was running');
    expect(started).toEqual(['first', 'second']);
    expect(second!.leave()).toBe('was running');
    expect(first!.leave()).toBe('had left');
    // Both places are free again.
    expect(gate.enter(() => started.push('fourth'))).toBeDefined();
    expect(started).toEqual(['first', 'second', 'fourth']);
  });

  it('gives a waiting place back when its request leaves before its turn', () => {
    const gate = new ConcurrencyGate(1, 1);
    const started: string[] = [];
    const running = gate.enter(() => started.push('running'));
    const waiting = gate.enter(() => started.push('waiting'));
    expect(waiting!.leave()).toBe('was waiting');
    const next = gate.enter(() => started.push('next'));
    expect(next).toBeDefined();
    running!.leave();
    expect(started).toEqual(['running', 'next']);
  });
});

/**
 * The gate in the app: a test route marked heavy holds its place until the test lets it go, so the
 * gate's state is exact without any clock.
 */
describe('load shedding', () => {
  let harness: TestApp;
  const held: (() => void)[] = [];
  const heavyRoute = (app: TestApp['app']) => {
    app.get('/test/heavy', { config: { heavy: true } }, async () => {
      await new Promise<void>((release) => held.push(release));
      return { done: true };
    });
  };
  beforeAll(async () => {
    harness = await createTestApp({
      // Waiting long enough never to give up here; giving up is the next block's.
      env: { HEAVY_REQUESTS_IN_FLIGHT: '1', HEAVY_REQUESTS_QUEUED: '1', HEAVY_REQUESTS_WAIT_MS: '60000' },
      extend: heavyRoute,
    });
  });
  afterAll(() => harness.close());

  /** Sends a request now (app.inject sends only once awaited). */
  const send = (url: string) => Promise.resolve(harness.app.inject(url));
  /** Resolves once the app has taken `count` requests into the held route. */
  const untilHeld = async (count: number) => {
    while (held.length < count) await new Promise((resolve) => setImmediate(resolve));
  };

  it('answers 503 with Retry-After beyond the bound, at once, and probes are never held up', async () => {
    const running = send('/test/heavy');
    await untilHeld(1);
    const waiting = send('/test/heavy');
    const shed = await harness.app.inject('/test/heavy');
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('2');
    expect(shed.json()).toEqual({
      message: 'We are very busy right now. Please try again in a few seconds.',
    });
    // A real order list is shed the same way, before its access check (no token here: no 401).
    expect((await harness.app.inject('/api/order/create?page=1')).statusCode).toBe(503);
    // Translated as every answer is.
    const inNepali = await harness.app.inject({ url: '/test/heavy', headers: { 'accept-language': 'ne' } });
    expect(inNepali.json().message).not.toMatch(/busy/);
    // The probe answers while the heavy place and the queue are full.
    expect((await harness.app.inject('/healthz')).statusCode).toBe(200);

    held.shift()!();
    expect((await running).statusCode).toBe(200);
    await untilHeld(1);
    held.shift()!();
    expect((await waiting).statusCode).toBe(200);
    // Everything given back: the next request runs at once.
    const again = send('/test/heavy');
    await untilHeld(1);
    held.shift()!();
    expect((await again).statusCode).toBe(200);
  });

  it('refuses a request that waited HEAVY_REQUESTS_WAIT_MS without a turn', async () => {
    const impatient = await createTestApp({
      env: { HEAVY_REQUESTS_IN_FLIGHT: '1', HEAVY_REQUESTS_QUEUED: '10', HEAVY_REQUESTS_WAIT_MS: '0' },
      extend: heavyRoute,
    });
    try {
      const running = Promise.resolve(impatient.app.inject('/test/heavy'));
      await untilHeld(1);
      // The place stays taken until the test lets it go, so this one can only wait, and gives up.
      const waited = await impatient.app.inject('/test/heavy');
      expect(waited.statusCode).toBe(503);
      expect(waited.headers['retry-after']).toBe('2');
      held.shift()!();
      expect((await running).statusCode).toBe(200);
    } finally {
      await impatient.close();
    }
  });

  it('keeps a running place until its handler is done, even when its client has left', async () => {
    const leaving = await createTestApp({
      env: { HEAVY_REQUESTS_IN_FLIGHT: '1', HEAVY_REQUESTS_QUEUED: '5', HEAVY_REQUESTS_WAIT_MS: '60000' },
      extend: heavyRoute,
    });
    try {
      await leaving.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = leaving.app.server.address() as AddressInfo;
      const request = http.get(`http://127.0.0.1:${port}/test/heavy`);
      request.on('error', () => undefined);
      await untilHeld(1);
      request.destroy();
      // Once the server has seen the client go, its handler is still running (held).
      const connections = () =>
        new Promise<number>((resolve) => leaving.app.server.getConnections((_e, count) => resolve(count)));
      while ((await connections()) > 0) await new Promise((resolve) => setImmediate(resolve));
      const next = Promise.resolve(leaving.app.inject('/test/heavy'));
      for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      expect(held).toHaveLength(1);
      held.shift()!();
      await untilHeld(1);
      held.shift()!();
      expect((await next).statusCode).toBe(200);
    } finally {
      await leaving.close();
    }
  });
});
