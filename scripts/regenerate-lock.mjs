// `npm run lock`: writes package-lock.json from scratch in a scratch folder and proves `npm ci` accepts it
// before replacing ours (docs/decisions/007). A lock written over an existing node_modules can drop other
// platforms' optional packages (npm/cli#4828), and then `npm ci` refuses it on a fresh machine.
import { execSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifests = [
  'package.json',
  'apps/api/package.json',
  'apps/web/package.json',
  'packages/contract/package.json',
];
const scratch = mkdtempSync(path.join(os.tmpdir(), 'puja-lock-'));
try {
  for (const manifest of manifests) {
    mkdirSync(path.dirname(path.join(scratch, manifest)), { recursive: true });
    copyFileSync(path.join(root, manifest), path.join(scratch, manifest));
  }
  const run = (command) => execSync(command, { cwd: scratch, stdio: 'inherit' });
  run('npm install --package-lock-only --no-audit --no-fund');
  run('npm ci --ignore-scripts --no-audit --no-fund');
  copyFileSync(path.join(scratch, 'package-lock.json'), path.join(root, 'package-lock.json'));
  console.log('package-lock.json regenerated; npm ci accepts it.');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
