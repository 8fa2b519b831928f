import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: the built server through a database cut, a killed PostgreSQL and a full disk
 * (docs/decisions/025). Kept out of the `api` project: it starts processes and runs for about three
 * minutes, most of it the 70-second cut and the wait for the next minute's cron.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'faults',
    environment: 'node',
    include: ['test/faults/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
