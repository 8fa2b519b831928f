import { defineConfig } from 'vitest/config';

// One runner for the whole repo: each workspace is a Vitest project with its own environment.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/web'],
  },
});
