import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { browserOrigin, oneOriginPlugin } from './one-origin.ts';

describe('one origin in production', () => {
  async function app() {
    const server = Fastify();
    await server.register(oneOriginPlugin, { publicUrl: 'https://puja.example' });
    server.get('/*', async () => 'page');
    server.post('/orders', async () => 'posted');
    return server;
  }

  it('sends page loads on any other host to the public address, keeping the path and query', async () => {
    const server = await app();
    for (const host of ['www.puja.example', 'puja.example:8080', '203.0.113.7', 'evil.example']) {
      const answer = await server.inject({ url: '/orders?oid=4&status=success', headers: { host } });
      expect(answer.statusCode).toBe(308);
      expect(answer.headers.location).toBe('https://puja.example/orders?oid=4&status=success');
    }
    const home = await server.inject({ url: '/', headers: { host: 'PUJA.example' } });
    expect(home.statusCode).toBe(200);
  });

  it('answers API calls, uploads, probes and other methods wherever they arrive', async () => {
    const server = await app();
    for (const url of ['/api/monastery', '/uploads/a.webp', '/healthz', '/livez', '/readyz', '/metrics']) {
      expect((await server.inject({ url, headers: { host: '10.0.0.5:3000' } })).statusCode).toBe(200);
    }
    const posted = await server.inject({
      method: 'POST',
      url: '/orders',
      headers: { host: 'www.puja.example' },
    });
    expect(posted.statusCode).toBe(200);
  });
});

describe('where a payment sends the browser back', () => {
  const request = (host: string, PUBLIC_URL?: string) =>
    ({
      host,
      protocol: 'http',
      server: { config: { PUBLIC_URL, publicUrl: PUBLIC_URL ?? 'http://localhost:3000' } },
    }) as unknown as FastifyRequest;

  it('follows the loopback address the patron is using when no public address is set', () => {
    expect(browserOrigin(request('127.0.0.1:3000'))).toBe('http://127.0.0.1:3000');
    expect(browserOrigin(request('localhost:3000'))).toBe('http://localhost:3000');
    expect(browserOrigin(request('[::1]:3000'))).toBe('http://[::1]:3000');
  });

  it('never builds a link from any other Host header, and always uses the public address when set', () => {
    expect(browserOrigin(request('evil.example'))).toBe('http://localhost:3000');
    expect(browserOrigin(request('127.0.0.1.evil.example'))).toBe('http://localhost:3000');
    expect(browserOrigin(request('127.0.0.1:3000', 'https://puja.example'))).toBe('https://puja.example');
  });
});
