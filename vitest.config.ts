import { defineConfig } from 'vitest/config';

// One runner for the whole repo: each workspace is a Vitest project with its own environment.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/web'],
    // A worker per core, not Vitest's default of one fewer: most of an API file's time is spent waiting on
    // PostgreSQL, so on the two-core CI machine two workers ran the suite in 196 s against one's 307 s.
    maxWorkers: '100%',
  },
});
