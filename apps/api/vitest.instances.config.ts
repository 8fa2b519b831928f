import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:instances`: two real server processes on one PostgreSQL, one Redis and one S3-compatible
 * server (docs/decisions/013). Kept out of the `api` project: it needs a Redis, and it starts processes.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'instances',
    environment: 'node',
    include: ['test/multi-instance.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
