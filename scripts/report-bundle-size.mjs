#!/usr/bin/env node
// Reports how much JavaScript the home page downloads before it can run: the entry chunk of index.html,
// the app it starts (its one dynamic import, main.tsx: docs/decisions/024), and every chunk they import
// statically. Other dynamic imports (lazy routes) load later, only when needed, so they do not count; that the home page starts none of them on arrival, where they would be downloaded
// all the same, is checked in a browser (e2e/server-rendering.spec.ts). Exits 1 when the total is over
// budget, a back-office module is among them, or zod is (the contract's schemas load with the first request
// that needs them: docs/decisions/017).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * What a public page may need: 118.1 KB since the UI library's provider gives its context without the code
 * that writes its <style> elements (docs/decisions/050); 120.4 KB before, after the language addresses
 * (decision 047) and the back offices' new pages (045, 046) joined 118.9 KB; 128.3 KB before the first page
 * opened without the UI library's components, when i18next and react-i18next resolved to the part of them
 * the app uses (docs/decisions/043); 143.4 KB before that (docs/decisions/032). The budget is issue #29's
 * goal, 120 KB. What remains is React DOM, TanStack Query, React Router, the UI library's context and theme
 * and the app's own layout and pages. Something new on the first page has to make room for itself.
 */
const BUDGET_KB = 120;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(repoRoot, 'apps/web/dist');
const manifestPath = path.join(distDir, '.vite/manifest.json');

// Code that belongs to the back offices and must only ever arrive through a lazy route. Features are named
// by domain, so a domain's staff and admin screens sit beside its public ones: they are named here by file.
const BACK_OFFICE_SOURCES = [
  /^src\/features\/(users|payments|admin-stats|audit|monastery-catalogue)\//,
  /^src\/features\/catalogue\/(routes\/admin-|components\/catalogue-(admin|item|items)|hooks\/use-catalogue-item|utils\/catalogue-item)/,
  /^src\/features\/orders\/(routes\/monastery-dashboard|components\/(awaiting-payment|orders-received|orders-calendar|update-date|message-modal|completion-form|order-panel)|hooks\/use-(completion|message|redate)-form|hooks\/use-order-actions)/,
  /^src\/lib\/(admin|staff)-strings/,
  /^src\/locales\/en\/(admin|staff)\.json/,
  /back-office/,
];

let manifest;
try {
  manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
} catch (error) {
  console.error(
    `Cannot read ${path.relative(repoRoot, manifestPath)}: run the web build first.`,
    error.message,
  );
  process.exit(1);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
if (!entryKey) {
  console.error('The manifest has no index.html entry.');
  process.exit(1);
}

// Walk static imports only, each chunk once, from the entry and the app it starts.
const homeChunkKeys = [];
const pending = [entryKey, ...(manifest[entryKey].dynamicImports ?? [])];
while (pending.length > 0) {
  const key = pending.shift();
  if (homeChunkKeys.includes(key)) continue;
  homeChunkKeys.push(key);
  pending.push(...(manifest[key].imports ?? []));
}

const rows = homeChunkKeys
  .map((key) => {
    const file = manifest[key].file;
    const bytes = readFileSync(path.join(distDir, file));
    return { key, file, rawKB: bytes.length / 1024, gzipKB: gzipSync(bytes, { level: 9 }).length / 1024 };
  })
  .filter((row) => row.file.endsWith('.js'));

const totalKB = rows.reduce((sum, row) => sum + row.gzipKB, 0);
console.log('');
console.table(
  Object.fromEntries(
    rows.map((row) => [
      row.file,
      { source: row.key, raw: `${row.rawKB.toFixed(1)} KB`, gzip: `${row.gzipKB.toFixed(1)} KB` },
    ]),
  ),
);
console.log(
  `Home page JavaScript (entry, the app it starts, their static imports): ${totalKB.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`,
);

// A chunk's manifest key is its source path when it has one (entries and lazy routes); shared chunks are
// named `_name-hash.js` and carry no source, so this check sees modules that own a chunk, not every module
// Rollup may have folded into a shared one.
const backOfficeInHome = homeChunkKeys.filter((key) => {
  const source = manifest[key].src ?? key;
  return BACK_OFFICE_SOURCES.some((pattern) => pattern.test(source));
});
const backOfficeChunks = Object.keys(manifest).filter((key) =>
  BACK_OFFICE_SOURCES.some((pattern) => pattern.test(manifest[key].src ?? '')),
);

let failed = false;
if (backOfficeInHome.length > 0) {
  console.error(`Back-office code is in the home page's bundle: ${backOfficeInHome.join(', ')}`);
  failed = true;
} else {
  console.log(
    `No back-office chunk among them (${backOfficeChunks.length} back-office modules load lazily: ${backOfficeChunks.map((key) => path.basename(key)).join(', ')}).`,
  );
}
// Zod's code names its internals `_zod`, which minifying keeps (a property name).
const zodInHome = homeChunkKeys.filter((key) =>
  readFileSync(path.join(distDir, manifest[key].file), 'utf8').includes('._zod'),
);
if (zodInHome.length > 0) {
  console.error(`Zod is in the home page's bundle: ${zodInHome.map((key) => manifest[key].file).join(', ')}`);
  failed = true;
} else {
  console.log("No zod among them: the contract's schemas load with the first request that checks an answer.");
}
if (totalKB > BUDGET_KB) {
  console.error(`Over budget by ${(totalKB - BUDGET_KB).toFixed(1)} KB.`);
  failed = true;
}
process.exit(failed ? 1 : 0);
