import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { AppError } from '../lib/app-error.ts';
import { publicAccess } from './auth.ts';
import { requireMethodOverrideForPost } from './body-parsers.ts';

let harness: TestApp;
let webDistDirectory: string;

beforeAll(async () => {
  webDistDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'puja-web-dist-'));
  await fs.mkdir(path.join(webDistDirectory, 'assets'));
  await fs.writeFile(
    path.join(webDistDirectory, 'index.html'),
    '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"></head><body>app</body></html>',
  );
  await fs.writeFile(path.join(webDistDirectory, 'assets', 'index-abc123.js'), 'console.log(1)');
  harness = await createTestApp({ webDistDirectory });
});

afterAll(async () => {
  await harness.close();
  await fs.rm(webDistDirectory, { recursive: true, force: true });
});

describe('health and documentation', () => {
  it('reports healthy when the database answers', async () => {
    const response = await harness.app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('publishes an OpenAPI document generated from the contract schemas', async () => {
    const document = (await harness.app.inject('/api/openapi.json')).json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/monastery',
        '/api/monastery/{slugOrId}/edit',
        '/api/puja',
        '/api/get-monastery-puja',
      ]),
    );
    const docs = await harness.app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/html/);
  });
});

describe('the built web app', () => {
  it('serves index.html for client routes, with the nonce of its own CSP header', async () => {
    for (const url of ['/', '/monasteries', '/monastery/kopan-monastery', '/admin/dashboard?x=1']) {
      const response = await harness.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      const nonce = /content="([\w-]{16,})"/.exec(response.body)?.[1];
      expect(nonce).toBeTruthy();
      expect(response.headers['content-security-policy']).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('gives JSON answers a fixed, strict header set and pages the full document policy', async () => {
    const api = await harness.app.inject('/api/monastery');
    expect(api.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
    });
    const missing = await harness.app.inject('/api/nothing-here');
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    const page = await harness.app.inject('/pujas');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('gives each page its own nonce', async () => {
    const first = await harness.app.inject('/pujas');
    const second = await harness.app.inject('/pujas');
    expect(first.body).not.toBe(second.body);
  });

  it('caches hashed assets for a year', async () => {
    const response = await harness.app.inject('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('keeps unknown API paths and missing files as JSON 404s', async () => {
    for (const url of [
      '/api/nothing-here',
      '/api/monastery/x/y/z',
      '/uploads/missing.webp',
      '/assets/missing.js',
    ]) {
      const response = await harness.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Not found.' });
    }
  });

  it('compresses large answers for clients that accept it', async () => {
    await harness.app.inject('/api/openapi.json');
    const response = await harness.app.inject({
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});

describe('request bodies and method override', () => {
  let bodies: TestApp;
  const bodySchema = z.object({ name: z.string().min(1), status: z.coerce.number().int() });

  beforeAll(async () => {
    // A route registered only for this test, on the real app with its real plugins.
    bodies = await createTestApp({
      extend: (app) => {
        app.route({
          method: ['POST', 'PATCH'],
          url: '/api/test-echo/:id',
          config: publicAccess,
          preValidation: requireMethodOverrideForPost,
          schema: { body: bodySchema },
          handler: async (request) => ({ method: request.method, body: request.body }),
        });
        app.get('/api/test-conflict', { config: publicAccess }, async () => {
          throw new AppError('conflict', 'This order can no longer change.');
        });
        app.get('/api/test-crash', { config: publicAccess }, async () => {
          throw new Error('database password is hunter2');
        });
      },
    });
  });
  afterAll(() => bodies.close());

  it('reads JSON, urlencoded and multipart bodies alike', async () => {
    const json = await bodies.app.inject({
      method: 'PATCH',
      url: '/api/test-echo/1',
      payload: { name: 'Tara', status: 1 },
    });
    expect(json.json()).toEqual({ method: 'PATCH', body: { name: 'Tara', status: 1 } });

    const urlencoded = await bodies.app.inject({
      method: 'POST',
      url: '/api/test-echo/1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Tara&status=0&_method=patch',
    });
    expect(urlencoded.json()).toEqual({ method: 'POST', body: { name: 'Tara', status: 0 } });

    const form = new FormData();
    form.set('name', 'Tara');
    form.set('status', '1');
    form.set('_method', 'PATCH');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const multipart = await bodies.app.inject({
      method: 'POST',
      url: '/api/test-echo/1',
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(multipart.statusCode).toBe(200);
    expect(multipart.json().body).toEqual({ name: 'Tara', status: 1 });
  });

  it('refuses a POST to an update route without the override', async () => {
    const response = await bodies.app.inject({
      method: 'POST',
      url: '/api/test-echo/1',
      payload: { name: 'Tara', status: 1 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Send _method=patch to update with POST.');
  });

  it('answers invalid input with 422 and the problems per field', async () => {
    const response = await bodies.app.inject({
      method: 'PATCH',
      url: '/api/test-echo/1',
      payload: { name: '', status: 'x' },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['name', 'status']);
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const response = await bodies.app.inject({
      method: 'PATCH',
      url: '/api/test-echo/1',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/JSON/);
  });

  it('refuses to start when an API route does not say who may call it', async () => {
    await expect(
      createTestApp({
        extend: (app) => {
          app.get('/api/forgot-access', async () => ({ secret: true }));
        },
      }),
    ).rejects.toThrow('Route GET /api/forgot-access does not declare config.access');
  });

  it('maps service errors to their status and never shows a server error raw', async () => {
    const conflict = await bodies.app.inject('/api/test-conflict');
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ message: 'This order can no longer change.' });
    const crash = await bodies.app.inject('/api/test-crash');
    expect(crash.statusCode).toBe(500);
    expect(crash.body).not.toContain('hunter2');
    expect(crash.json().message).toBe('Something went wrong on our side. Please try again.');
  });
});
