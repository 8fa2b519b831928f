import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:security`: the access matrix and the input fuzzer, apart from `npm test` because the fuzzer
 * takes about a minute. Same setup as the API project (one PostgreSQL, a migrated template database that
 * each file clones); FUZZ_RUNS raises the number of generated requests per route.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'api-security',
    environment: 'node',
    include: ['test/security/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Records the routes each app registers and the errors it raises (see the file).
    setupFiles: ['./test/security/instrument.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
