import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One PostgreSQL for the run and a migrated template; each test file clones its own database.
    globalSetup: ['./test/global-setup.ts'],
    // Each worker loads the server's modules once for all its files instead of once per file: that load was
    // most of a file's time (92 of 222 s for six files of orders tests, against 13 of 89 s without). The
    // files share no state through modules: each builds its own app on its own database (test/test-app.ts),
    // and none mocks a module, fakes the clock or stubs a global.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
