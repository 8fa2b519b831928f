import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/async-timeouts.ts', './src/test/setup.ts'],
    // jsdom renders are slow on a busy machine; a test that waits 5 s for a lazy screen needs headroom.
    testTimeout: 15_000,
  },
});
