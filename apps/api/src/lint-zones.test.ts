import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import zones of biome.json (docs/decisions/061) hold: wrong-way imports planted in a copy of the
 * repository's layout are refused, and the ways the code is meant to reach across are let through. The
 * copy lives in a temporary folder with the repository's own biome.json, so the real tree is never touched.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const biome = path.join(repoRoot, 'node_modules/.bin/biome');

const refused: Record<string, string> = {
  // Web: a feature reaches another only through its api/ folder, from any depth.
  'apps/web/src/features/orders/components/a.tsx': '../../catalogue/components/monastery-card.tsx',
  'apps/web/src/features/orders/routes/b.tsx': '../../payments/hooks/use-refunds.ts',
  'apps/web/src/features/orders/utils/c.ts': '../../payments/utils/amounts.ts',
  'apps/web/src/features/orders/components/d.tsx': '../../catalogue/routes/puja-page.tsx',
  'apps/web/src/features/orders/test/e.ts': '../../users/test/fixtures.ts',
  'apps/web/src/features/orders/f.ts': '../catalogue/components/monastery-card.tsx',
  'apps/web/src/features/orders/components/parts/g.tsx': '../../../catalogue/components/monastery-card.tsx',
  'apps/web/src/features/orders/components/h.tsx':
    '../../../features/catalogue/components/monastery-card.tsx',
  'apps/web/src/features/orders/components/i.tsx': '../../catalogue/lib/anything.ts',
  // Web: lib and components sit below features and the app shell.
  'apps/web/src/lib/j.ts': '../features/orders/api/orders.ts',
  'apps/web/src/components/k.tsx': '../app/layouts/back-office-menu.ts',
  // The web app never imports the API, nor the API the web app.
  'apps/web/src/features/orders/components/l.tsx': '../../../../../api/src/app.ts',
  'apps/api/src/modules/orders/m.ts': '../../../../web/src/main.tsx',
  // API: another module's SQL and routes are its own.
  'apps/api/src/modules/plans/n.ts': '../orders/orders.queries.ts',
  'apps/api/src/modules/plans/o.ts': '../orders/orders.routes.ts',
  'apps/api/src/cli/p.ts': '../modules/users/users.queries.ts',
  // API: lib, integrations, plugins and jobs sit below the modules.
  'apps/api/src/lib/q.ts': '../modules/orders/orders.service.ts',
  'apps/api/src/jobs/r.ts': '../modules/orders/orders.service.ts',
};

const allowed: Record<string, string> = {
  'apps/web/src/features/orders/components/a2.tsx': '../../catalogue/api/catalogue.ts',
  'apps/web/src/features/orders/components/parts/b2.tsx': '../../../catalogue/api/catalogue.ts',
  'apps/web/src/features/orders/components/c2.tsx': '../../../lib/money.ts',
  'apps/web/src/features/orders/components/d2.tsx': '../hooks/use-order.ts',
  'apps/web/src/features/orders/components/parts/e2.tsx': '../../../../components/day-input.tsx',
  'apps/web/src/app/f2.tsx': '../features/orders/routes/orders-page.tsx',
  'apps/api/src/modules/plans/g2.ts': '../orders/orders.shared-queries.ts',
  'apps/api/src/modules/plans/h2.ts': '../orders/orders.service.ts',
  'apps/api/src/modules/orders/i2.ts': './orders.queries.ts',
  'apps/api/src/modules/plans/j2.test.ts': '../orders/orders.queries.ts',
  'apps/api/src/app2.ts': './modules/orders/orders.routes.ts',
};

let folder: string;
let refusedFiles: Set<string>;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'lint-zones-'));
  const config = JSON.parse(await readFile(path.join(repoRoot, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  await writeFile(path.join(folder, 'biome.json'), JSON.stringify(config));
  for (const [file, target] of Object.entries({ ...refused, ...allowed })) {
    await mkdir(path.join(folder, path.dirname(file)), { recursive: true });
    await writeFile(
      path.join(folder, file),
      `import { planted } from '${target}';\n\nexport const used = planted;\n`,
    );
  }
  const { stdout } = await promisify(execFile)(
    biome,
    ['lint', '--only=style/noRestrictedImports', '--reporter=json', '--max-diagnostics=none', '.'],
    { cwd: folder, maxBuffer: 10_000_000 },
  ).catch((failed: { stdout: string }) => failed);
  const report = JSON.parse(stdout) as { diagnostics: { category: string; location: { path: string } }[] };
  refusedFiles = new Set(
    report.diagnostics
      .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
      .map((diagnostic) => diagnostic.location.path),
  );
}, 60_000);

afterAll(() => rm(folder, { recursive: true, force: true }));

describe('the import zones', () => {
  it.each(Object.entries(refused))('refuses %s importing %s', (file) => {
    expect(refusedFiles).toContain(file);
  });

  it.each(Object.entries(allowed))('lets %s import %s', (file) => {
    expect(refusedFiles).not.toContain(file);
  });
});
