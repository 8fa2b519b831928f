import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
// Not 'react-router/dom': under Node that entry loads react-router's CommonJS build while the app's own
// imports get the ES build, and the two copies' contexts do not meet.
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';

/** Renders `routes` at `path` inside the app's real providers, with a fresh cache and no retries. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** A JSON answer, or with `headers` the body as it is (a PDF, a CSV). */
type Answer = { status?: number; body: unknown; headers?: Record<string, string> };

/**
 * Stands in for the API: each request path (without the query) maps to an answer, or to a list of answers
 * given in turn; unknown paths answer 404 like the server would. Returns the mock to inspect calls.
 */
export function stubApi(answers: Record<string, Answer | Answer[]>) {
  const remaining = new Map(Object.entries(answers).map(([path, answer]) => [path, [answer].flat()]));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = String(input).split('?')[0] ?? '';
    const queue = remaining.get(path);
    const answer = queue && (queue.length > 1 ? queue.shift() : queue[0]);
    const { status = 200, body, headers } = answer ?? { status: 404, body: { message: 'Not found.' } };
    if (headers) return new Response(body as BodyInit, { status, headers });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Picks an option of a Mantine Select (an input that opens a listbox of options). */
export async function chooseOption(
  user: { click: (element: Element) => Promise<void> },
  select: HTMLElement,
  option: string,
) {
  await user.click(select);
  await user.click(await screen.findByRole('option', { name: option }));
}

/**
 * For the rest of this test the browser is a 360 px phone: every `max-width` media query matches (the back
 * office's cards, the patron's phone views), others (reduced motion) do not. test/setup.ts puts the desktop
 * back after each test.
 */
/**
 * The patron's own time zone, as the browser reports it: a test of a time shown "in your time" names the
 * zone, rather than reading whatever zone the machine running it is in. Undone by `vi.restoreAllMocks()`.
 */
export function pretendToBeIn(timeZone: string): void {
  const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolvedOptions.call(this), timeZone };
  });
}

export function pretendToBeAPhone(): void {
  const desktop = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...desktop(query), matches: query.includes('max-width') });
}
