// Bundles the API into dist/server.js. Our own workspace code (the contract) is bundled in; npm
// dependencies stay external and load from node_modules, as they would in any Node deployment.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@puja/'));

await build({
  entryPoints: { server: 'src/server.ts', 'create-admin': 'src/cli/create-admin.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.log('Built apps/api/dist/server.js and apps/api/dist/create-admin.js');
