import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RootLayout } from '../../../app/root-layout.tsx';
import { LONG_DESCRIPTION, monasteryFixture } from '../../../test/catalogue-fixtures.ts';
import { renderRoutes, stubApi } from '../../../test/render-app.tsx';
import { MonasteryPage } from './monastery-page.tsx';

const routes: RouteObject[] = [
  { element: <RootLayout />, children: [{ path: '/monastery/:slug', element: <MonasteryPage /> }] },
];

const detailPath = '/api/monastery/kopan-monastery/edit';

function cardTitles() {
  return screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
}

async function renderKopan(monastery = monasteryFixture, query = '') {
  const fetchMock = stubApi({ [detailPath]: { body: { monastery } } });
  const view = renderRoutes(routes, `/monastery/kopan-monastery${query}`);
  await screen.findByRole('heading', { level: 1, name: 'Kopan Monastery' });
  return { ...view, fetchMock };
}

describe('MonasteryPage', () => {
  it('shows the monastery and its pujas with cut descriptions and prices', async () => {
    const { fetchMock } = await renderKopan();

    expect(screen.getByRole('img', { name: 'Kopan Monastery' })).toHaveAttribute('src', '/uploads/kopan.jpg');
    expect(screen.getByText(monasteryFixture.description)).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Green Tara Puja', 'Medicine Buddha Puja', 'Guru Rinpoche Tsok']);
    // Cut at the last whole word within 100 characters, the ellipsis included.
    expect(
      screen.getByText(
        'Green Tara is the mother of all Buddhas, swift to help. Her puja removes obstacles, fear and…',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(LONG_DESCRIPTION)).not.toBeInTheDocument();
    expect(screen.getByText('Price: Rs. 1,500')).toBeInTheDocument();
    expect(screen.getByText('Price: Rs. 3,000')).toBeInTheDocument();
    // One Make Puja per card, each named with its puja.
    expect(screen.getAllByRole('button', { name: /^Make Puja: / })).toHaveLength(3);

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(detailPath);
    const headers = new Headers(init?.headers);
    expect(headers.get('Accept-Language')).toBe('en');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('filters pujas by name, ignoring case, as the visitor types', async () => {
    const user = userEvent.setup();
    await renderKopan();
    const search = screen.getByPlaceholderText('Search Puja...');

    await user.type(search, 'TARA');
    expect(cardTitles()).toEqual(['Green Tara Puja']);

    await user.clear(search);
    await user.type(search, 'puja');
    expect(cardTitles()).toEqual(['Green Tara Puja', 'Medicine Buddha Puja']);
  });

  it('orders pujas by price, low to high and high to low, and back to the given order', async () => {
    const user = userEvent.setup();
    await renderKopan();
    const sort = screen.getByRole('combobox', { name: 'Sort by price' });
    expect(sort).toHaveDisplayValue('Select Filter');

    await user.selectOptions(sort, 'From Price Low To High');
    expect(cardTitles()).toEqual(['Medicine Buddha Puja', 'Green Tara Puja', 'Guru Rinpoche Tsok']);

    await user.selectOptions(sort, 'From Price High To Low');
    expect(cardTitles()).toEqual(['Guru Rinpoche Tsok', 'Green Tara Puja', 'Medicine Buddha Puja']);

    await user.selectOptions(sort, 'Select Filter');
    expect(cardTitles()).toEqual(['Green Tara Puja', 'Medicine Buddha Puja', 'Guru Rinpoche Tsok']);
  });

  it('keeps the search and sort in the address, as the form sends them to the server', async () => {
    const user = userEvent.setup();
    const { router } = await renderKopan();
    expect(screen.getByRole('search', { name: 'Search Puja by name' })).toHaveAttribute('method', 'get');
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');

    await user.type(screen.getByPlaceholderText('Search Puja...'), 'puja');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Sort by price' }),
      'From Price High To Low',
    );

    await waitFor(() => expect(router.state.location.search).toBe('?sort=highToLow&q=puja'));
    // Sending the form changes nothing more once the app runs.
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(cardTitles()).toEqual(['Green Tara Puja', 'Medicine Buddha Puja']);
    expect(router.state.location.pathname).toBe('/monastery/kopan-monastery');
  });

  it('opens a link with a search and sort showing what it names', async () => {
    await renderKopan(monasteryFixture, '?q=puja&sort=lowToHigh');

    expect(screen.getByPlaceholderText('Search Puja...')).toHaveValue('puja');
    expect(screen.getByRole('combobox', { name: 'Sort by price' })).toHaveDisplayValue(
      'From Price Low To High',
    );
    expect(cardTitles()).toEqual(['Medicine Buddha Puja', 'Green Tara Puja']);
  });

  it('says which search found nothing', async () => {
    const user = userEvent.setup();
    await renderKopan();

    await user.type(screen.getByPlaceholderText('Search Puja...'), 'Chenrezig');

    expect(screen.getByText('No Puja for "Chenrezig"')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
  });

  it('says when the monastery offers no puja', async () => {
    await renderKopan({ ...monasteryFixture, pujas: [] });

    expect(screen.getByText('No Puja available')).toBeInTheDocument();
    expect(screen.queryByText(/No Puja for/)).not.toBeInTheDocument();
  });

  it('asks a visitor to log in before making a puja', async () => {
    const user = userEvent.setup();
    await renderKopan();

    await user.click(screen.getAllByRole('button', { name: /^Make Puja: / })[0]!);

    const dialog = await screen.findByRole('dialog', { name: 'Login' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Login to proceed');
    expect(within(dialog).getByRole('button', { name: 'Send OTP' })).toBeInTheDocument();
  });

  it('shows the not-found page for a monastery that does not exist', async () => {
    stubApi({});
    renderRoutes(routes, '/monastery/no-such-place');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('offers a retry when loading fails, and recovers', async () => {
    const user = userEvent.setup();
    stubApi({
      [detailPath]: [
        { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } },
        { body: { monastery: monasteryFixture } },
      ],
    });
    renderRoutes(routes, '/monastery/kopan-monastery');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This could not be loaded');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Kopan Monastery' })).toBeVisible(),
    );
  });
});
