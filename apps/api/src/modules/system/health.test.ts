import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let open: TestApp;
let guarded: TestApp;
const TOKEN = 'metrics-token-0123456789';

beforeAll(async () => {
  open = await createTestApp();
  guarded = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await open.close();
  await guarded.close();
});

describe('probes', () => {
  it('answers liveness without the database, and readiness (also /healthz) with it', async () => {
    for (const path of ['/livez', '/readyz', '/healthz']) {
      const response = await open.app.inject({ url: path });
      expect(response.statusCode, path).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
  });
});

describe('metrics', () => {
  it('counts requests by route pattern, and reads pool, queue and refunds when scraped', async () => {
    await open.app.inject({ url: '/api/monastery' });
    await open.app.inject({ url: '/api/order/12345/edit' });
    const response = await open.app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/monastery",status="200"\} 1/,
    );
    // The pattern, never the id.
    expect(text).toContain('route="/api/order/:orderId/edit"');
    expect(text).not.toContain('12345');
    expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/job_queue_jobs\{state="due"\} 0/);
    expect(text).toMatch(/refunds_due\{measure="count"\} 0/);
    expect(text).toContain('# TYPE payments_received_total counter');
  });

  it('answers only the metrics token when one is set, and only this machine otherwise', async () => {
    expect((await guarded.app.inject({ url: '/metrics' })).statusCode).toBe(403);
    expect(
      (await guarded.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode,
    ).toBe(403);
    const allowed = await guarded.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(allowed.statusCode).toBe(200);
    expect((await open.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(403);
  });
});
