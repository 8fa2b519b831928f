import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './lib/i18n.ts';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { readCspNonce } from './lib/csp-nonce.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const styleNonce = readCspNonce();
// Mantine takes the nonce as a prop; the scroll lock inside its modals (react-remove-scroll) injects its
// own <style> and reads the nonce from get-nonce instead.
if (styleNonce) setNonce(styleNonce);

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()} styleNonce={styleNonce}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
