import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { STATIC_FILES_ROUTE, UNMATCHED_ROUTE } from '../../lib/metrics-route.ts';

/**
 * The `route` label of the request metrics never comes from a request's path: whatever paths people (or
 * scanners) ask for, and however many files a build has, the set of label values stays the same, so a
 * Prometheus series per label value stays bounded (docs/operations.md#metrics).
 */

const ASSET_COUNT = 40;
let webDistDirectory: string;
let assets: string[];
let harness: TestApp;

beforeAll(async () => {
  // A build as Vite makes one: the shell, a few files at the top, and hashed assets.
  webDistDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'puja-web-dist-'));
  await fs.mkdir(path.join(webDistDirectory, 'assets'));
  await fs.writeFile(
    path.join(webDistDirectory, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Puja</title></head><body><div id="root"></div></body></html>',
  );
  await fs.writeFile(path.join(webDistDirectory, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  assets = Array.from({ length: ASSET_COUNT }, (_, index) => `/assets/Chunk${index}-${token()}.js`);
  for (const asset of assets) await fs.writeFile(path.join(webDistDirectory, asset), 'export {};');
  harness = await createTestApp({ webDistDirectory });
  // A picture someone uploaded.
  await fs.writeFile(path.join(harness.dataDirectory, 'uploads', 'picture-1.webp'), 'RIFF');
});
afterAll(async () => {
  await harness.close();
  await fs.rm(webDistDirectory, { recursive: true, force: true });
});

const token = () => randomBytes(6).toString('hex');

/** The paths one round asks for: real files of the build and uploads, and made-up paths of every kind. */
function aRound(files: string[]): { paths: string[]; madeUp: string[] } {
  const madeUp = Array.from({ length: 8 }, token);
  const paths = [
    '/',
    '/favicon.svg',
    '/uploads/picture-1.webp',
    ...files,
    ...madeUp.flatMap((word) => [
      `/${word}`,
      `/orders/${word}`,
      `/assets/${word}.js`,
      `/${word}.php`,
      `/api/${word}`,
      `/api/order/${Number.parseInt(word, 16)}/edit`,
      `/monastery/${word}`,
      `/uploads/${word}.webp`,
      `/images/${word}/640.webp`,
      `/api/docs/static/${word}.css`,
    ]),
  ];
  return { paths, madeUp };
}

async function routeLabels(): Promise<Set<string>> {
  const scraped = await harness.app.inject('/metrics');
  expect(scraped.statusCode).toBe(200);
  return new Set(
    [...scraped.body.matchAll(/^http_request_duration_seconds_count\{[^}]*route="([^"]*)"/gm)].map(
      (match) => match[1]!,
    ),
  );
}

describe('the route label of the request metrics', () => {
  it('stays the same set whatever paths are asked for, and never holds one', async () => {
    await routeLabels(); // the scrape is counted too, from the next one on
    const first = aRound(assets.slice(0, ASSET_COUNT / 2));
    for (const url of first.paths) await harness.app.inject({ url });
    for (const url of first.paths.slice(0, 5)) await harness.app.inject({ method: 'HEAD', url });
    const afterFirst = await routeLabels();

    // Other made-up paths, and the build's other files: no new label value.
    const second = aRound(assets.slice(ASSET_COUNT / 2));
    for (const url of second.paths) await harness.app.inject({ url });
    const afterSecond = await routeLabels();
    expect([...afterSecond].sort()).toEqual([...afterFirst].sort());

    const labels = [...afterSecond].join('\n');
    for (const word of [...first.madeUp, ...second.madeUp]) expect(labels).not.toContain(word);
    for (const asset of assets) expect(labels).not.toContain(asset);
    expect(afterSecond).toContain(STATIC_FILES_ROUTE);
    expect(afterSecond).toContain(UNMATCHED_ROUTE);
    expect(afterSecond).toContain('/uploads/*');
    expect(afterSecond).toContain('/images/*');
    expect(afterSecond).toContain('/api/order/:orderId/edit');
    // Files, pictures, pages, API calls, 404s and the metrics themselves: a handful, not a series per file.
    expect(afterSecond.size).toBeLessThanOrEqual(12);
  });
});
