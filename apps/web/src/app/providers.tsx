import { MantineContext, MantineThemeProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
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
  /** The CSP nonce Mantine's injected <style> tags (a modal's, a transition's) must carry in production. */
  styleNonce?: string | undefined;
  /**
   * Mantine's <style> elements (the theme's CSS variables, the classes that hide and show by screen
   * width), for a page the browser renders from the shell: `MantineStyleElements`, loaded with the
   * shell's first render only. A page rendered on the server has them in its head instead, as HTML allows
   * no <style> in the body (issue 31).
   */
  styleElements?: ReactNode;
  /** 'test' turns off Mantine's transitions and portals, which jsdom cannot run. */
  mantineEnv?: 'default' | 'test';
  children: ReactNode;
}

const noColorSchemeChange = () => {};

/**
 * What `MantineProvider` gives the components, without the code that writes its <style> elements or
 * follows a color scheme: the site is light only (index.html says so on <html>), and the style elements
 * come from the server's head or, for the shell, from `styleElements`. About 3 KB gzipped less on every
 * first page (docs/decisions/050).
 */
export function AppProviders({
  queryClient,
  styleNonce,
  styleElements,
  mantineEnv = 'default',
  children,
}: AppProvidersProps) {
  const toastsWanted = useToastsWanted();
  const mantine = useMemo(
    () => ({
      colorScheme: 'light' as const,
      setColorScheme: noColorSchemeChange,
      clearColorScheme: noColorSchemeChange,
      getRootElement: () => document.documentElement,
      classNamesPrefix: 'mantine',
      getStyleNonce: styleNonce ? () => styleNonce : undefined,
      cssVariablesResolver,
      cssVariablesSelector: ':root',
      withStaticClasses: true,
      env: mantineEnv,
    }),
    [styleNonce, mantineEnv],
  );
  return (
    <MantineContext.Provider value={mantine}>
      <MantineThemeProvider theme={theme}>
        {styleElements}
        {/* docs/product.md#notifications: toasts at the top end, closable; each says how long it stays
            (lib/notify.ts: errors until closed, other notes long enough to read). */}
        {toastsWanted && (
          <Suspense fallback={null}>
            <Notifications position="top-right" />
          </Suspense>
        )}
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineThemeProvider>
    </MantineContext.Provider>
  );
}
