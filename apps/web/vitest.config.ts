import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { smallI18nAliases } from './vite.config.ts';

export default defineProject({
  plugins: [react()],
  resolve: { alias: smallI18nAliases },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/async-timeouts.ts', './src/test/setup.ts'],
    // jsdom renders are slow on a busy machine: typing a phone number into the sign-in form took 16 s
    // under a load average of 11 (2 s when quiet). A timeout is not a speed check; headroom costs nothing.
    testTimeout: 45_000,
  },
});
