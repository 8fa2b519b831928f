import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './providers.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

function Page({ broken }: { broken: boolean }) {
  if (broken) throw new Error('the page broke');
  return <h1>The page</h1>;
}

function renderAt(pathname: string, broken: boolean, rerender?: ReturnType<typeof render>['rerender']) {
  const ui = (
    <AppProviders queryClient={new QueryClient()} mantineEnv="test">
      <RouteErrorBoundary pathname={pathname}>
        <Page broken={broken} />
      </RouteErrorBoundary>
    </AppProviders>
  );
  return rerender ? rerender(ui) : render(ui);
}

describe('RouteErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the error page in place of a page that throws, and the next page after a move', () => {
    // React reports the caught error on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = renderAt('/monastery/kopan-monastery', true);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();

    // Same address: the error stays, even if the page would now render.
    renderAt('/monastery/kopan-monastery', false, view?.rerender);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();

    renderAt('/pujas', false, view?.rerender);
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
