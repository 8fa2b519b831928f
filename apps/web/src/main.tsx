import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './lib/i18n.ts';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { hydratePageData } from './app/page-data.ts';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { readCspNonce } from './lib/csp-nonce.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const styleNonce = readCspNonce();
// Mantine takes the nonce as a prop; the scroll lock inside its modals (react-remove-scroll) injects its
// own <style> and reads the nonce from get-nonce instead.
if (styleNonce) setNonce(styleNonce);

const queryClient = createQueryClient();
// A public page arrives rendered, with the data it was rendered from (docs/decisions/017): hydrate it.
const serverRendered = hydratePageData(queryClient);
const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient} styleNonce={styleNonce}>
      <RouterProvider router={await createRouter()} />
    </AppProviders>
  </StrictMode>
);
if (serverRendered) hydrateRoot(container, app);
else createRoot(container).render(app);
