import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { useToastsWanted } from '../lib/notify.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const MAX_RETRIES = 2;

/**
 * Toasts load with the first one shown (`lib/notify.ts`): no page needs one to show its content, and the
 * notifications system (its portal and transitions, about 10 KB gzipped) would add to every first visit.
 */
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // A 4xx (unknown slug, no access) will not change by asking again; network and 5xx errors might.
        retry: (failureCount, error) =>
          failureCount < MAX_RETRIES &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

interface AppProvidersProps {
  queryClient: QueryClient;
  /** The CSP nonce Mantine's injected <style> tags must carry in production. */
  styleNonce?: string | undefined;
  /** 'test' turns off Mantine's transitions and portals, which jsdom cannot run. */
  mantineEnv?: 'default' | 'test';
  children: ReactNode;
}

export function AppProviders({
  queryClient,
  styleNonce,
  mantineEnv = 'default',
  children,
}: AppProvidersProps) {
  const toastsWanted = useToastsWanted();
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={mantineEnv}
      getStyleNonce={styleNonce ? () => styleNonce : undefined}
    >
      {/* docs/product.md#notifications: toasts at the top end, closable; each says how long it stays
          (lib/notify.ts: errors until closed, other notes long enough to read). */}
      {toastsWanted && (
        <Suspense fallback={null}>
          <Notifications position="top-right" />
        </Suspense>
      )}
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
