// The app's start, asked for by entry-client.ts once a rendered page's main pictures are on screen.
import { setNonce } from 'get-nonce';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { hydratePageData } from './app/page-data.ts';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { AppRoutes, preloadPagesAt } from './app/routes.tsx';
import { readCspNonce } from './lib/csp-nonce.ts';
import { firstLanguageReady } from './lib/i18n.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const styleNonce = readCspNonce();
// Mantine takes the nonce as a prop; the scroll lock inside its modals (react-remove-scroll) injects its
// own <style> and reads the nonce from get-nonce instead.
if (styleNonce) setNonce(styleNonce);

const queryClient = createQueryClient();
// A public page arrives rendered, with the data it was rendered from (docs/decisions/017): hydrate it.
const serverRendered = hydratePageData(queryClient);

/**
 * Starts the app once what its first render needs has loaded: the strings of a language other than
 * English, the rest of the styles (a rendered page has what it paints with, and loads them only once its
 * pictures have) and the code of the lazy pages on the address.
 * Not awaited at the module's top level: lazily loaded modules import from this entry, and would wait for
 * it to finish evaluating while it waited for them.
 */
async function start(root: HTMLElement): Promise<void> {
  if (serverRendered) afterPageLoad(() => void import('./app/all-styles.ts'));
  else await import('./app/all-styles.ts');
  await Promise.all([firstLanguageReady, preloadPagesAt(window.location.pathname)]);
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient} styleNonce={styleNonce}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
  // As a transition, React hydrates in slices of a few milliseconds and lets the browser answer between
  // them, instead of one long task that blocks a phone's main thread (Lighthouse's TBT); a click that comes
  // meanwhile is replayed once its part is hydrated.
  if (serverRendered) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

/**
 * Runs once the page and its pictures have loaded: what a rendered page does not paint with waits, so it
 * takes no bandwidth from the largest picture on a slow network (Lighthouse's LCP).
 */
function afterPageLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

void start(container);
