import { readFileSync } from 'node:fs';

/** One chunk of the web app's build, as Vite's manifest describes it. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** The web app's build manifest (apps/web/dist/.vite/manifest.json), which `npm run test:e2e` builds. */
export function webBuildManifest(): Record<string, ManifestChunk> {
  const manifestUrl = new URL('../apps/web/dist/.vite/manifest.json', import.meta.url);
  return JSON.parse(readFileSync(manifestUrl, 'utf8')) as Record<string, ManifestChunk>;
}

/**
 * The address of the app's code: the chunk index.html's small entry imports once the page's main picture is
 * in, or at the first touch (docs/decisions/024, 028).
 */
export function appScriptPath(): string {
  const manifest = webBuildManifest();
  return `/${manifest[manifest['index.html']!.dynamicImports![0]!]!.file}`;
}
