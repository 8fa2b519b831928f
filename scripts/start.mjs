// `npm start`: builds whatever is missing or older than its sources, then runs the server, which applies
// migrations, seeds an empty database and serves the web app and the API on one port. The server runs
// under a small supervisor that starts it again, with back-off, if it ever exits on its own
// (scripts/supervisor.mjs, docs/decisions/025).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { supervise } from './supervisor.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestChange(folders) {
  let newest = 0;
  const visit = (entry) => {
    const stats = statSync(entry);
    if (stats.isDirectory()) {
      for (const child of readdirSync(entry))
        if (child !== 'node_modules' && child !== 'dist') visit(path.join(entry, child));
    } else newest = Math.max(newest, stats.mtimeMs);
  };
  for (const folder of folders) if (existsSync(folder)) visit(folder);
  return newest;
}

function isStale(output, sources) {
  const target = path.join(root, output);
  return (
    !existsSync(target) ||
    statSync(target).mtimeMs < newestChange(sources.map((source) => path.join(root, source)))
  );
}

const builds = [
  {
    name: '@puja/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/contract/src',
    ],
  },
  {
    name: '@puja/api',
    output: 'apps/api/dist/server.js',
    sources: ['apps/api/src', 'apps/api/build.mjs', 'packages/contract/src'],
  },
];

for (const { name, output, sources } of builds) {
  if (isStale(output, sources)) {
    console.log(`Building ${name}…`);
    execSync(`npm run build -w ${name}`, { cwd: root, stdio: 'inherit' });
  }
}

supervise(path.join(root, 'apps/api/dist/server.js'));
