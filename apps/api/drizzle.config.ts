import { defineConfig } from 'drizzle-kit';

// Only generates SQL from the schema; the app applies the committed migrations itself at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
