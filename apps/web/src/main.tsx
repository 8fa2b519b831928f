// The app's start, asked for by entry-client.ts once a rendered page's main pictures are on screen.
import { setNonce } from 'get-nonce';
import { type ReactNode, StrictMode, startTransition } from 'react';
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
  // The shell has no Mantine <style> elements in its head (a rendered page has): they come with its first
  // render, from a module of their own.
  let styleElements: ReactNode;
  if (serverRendered) afterPageLoad(() => void import('./app/all-styles.ts'));
  else {
    const [{ MantineStyleElements }] = await Promise.all([
      import('./app/mantine-style-elements.tsx'),
      import('./app/all-styles.ts'),
    ]);
    styleElements = <MantineStyleElements styleNonce={styleNonce} />;
  }
  // Evaluating the app is one long task on a slow phone. Asking for a detail page's code adds to it: the
  // preload helper writes a <link rel="modulepreload"> for each of its chunks (46), one by one, about 45 ms
  // of a 4× slower CPU in a profile. In a task of its own the two are apart, and Lighthouse's blocking time
  // counts each task's time over 50 ms, not their sum (docs/decisions/050).
  await new Promise((resolve) => setTimeout(resolve, 0));
  await Promise.all([firstLanguageReady, preloadPagesAt(window.location.pathname)]);
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient} styleNonce={styleNonce} styleElements={styleElements}>
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
