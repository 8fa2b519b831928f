import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RootLayout } from '../../../app/root-layout.tsx';
import { LONG_DESCRIPTION, pujaFixture } from '../../../test/catalogue-fixtures.ts';
import { renderRoutes, stubApi } from '../../../test/render-app.tsx';
import { PujaPage } from './puja-page.tsx';

const routes: RouteObject[] = [
  { element: <RootLayout />, children: [{ path: '/puja/:id', element: <PujaPage /> }] },
];

const detailPath = '/api/puja/green-tara-puja/edit';

function cardTitles() {
  return screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
}

async function renderGreenTara(puja = pujaFixture) {
  const fetchMock = stubApi({ [detailPath]: { body: { puja } } });
  renderRoutes(routes, '/puja/green-tara-puja');
  await screen.findByRole('heading', { level: 1, name: 'Green Tara Puja' });
  return fetchMock;
}

describe('PujaPage', () => {
  it('shows the puja and the monasteries offering it, with 50-character previews and prices', async () => {
    const fetchMock = await renderGreenTara();

    expect(fetchMock).toHaveBeenCalledWith(detailPath, expect.anything());
    expect(screen.getByText(LONG_DESCRIPTION)).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Kopan Monastery', 'Shechen Tennyi Dargyeling', 'Pullahari Monastery']);
    const kopan = screen.getAllByTestId('offering-card')[0]!;
    expect(within(kopan).getByText('Green Tara is the mother of all Buddhas, swift to…')).toBeInTheDocument();
    expect(within(kopan).getByText('Price: Rs. 1,500')).toBeInTheDocument();
    expect(within(kopan).getByRole('button', { name: /^Make Puja: / })).toBeInTheDocument();
    expect(screen.getByText('Near the great stupa.')).toBeInTheDocument();
  });

  it('filters monasteries by name, ignoring case', async () => {
    const user = userEvent.setup();
    await renderGreenTara();
    const search = screen.getByPlaceholderText('Search Monastery...');

    await user.type(search, 'mONASTERY');
    expect(cardTitles()).toEqual(['Kopan Monastery', 'Pullahari Monastery']);

    await user.clear(search);
    await user.type(search, 'shechen');
    expect(cardTitles()).toEqual(['Shechen Tennyi Dargyeling']);
  });

  it('orders monasteries by their price for this puja', async () => {
    const user = userEvent.setup();
    await renderGreenTara();
    const sort = screen.getByRole('combobox', { name: 'Sort by price' });

    await user.selectOptions(sort, 'From Price Low To High');
    expect(cardTitles()).toEqual(['Pullahari Monastery', 'Kopan Monastery', 'Shechen Tennyi Dargyeling']);

    await user.selectOptions(sort, 'From Price High To Low');
    expect(cardTitles()).toEqual(['Shechen Tennyi Dargyeling', 'Kopan Monastery', 'Pullahari Monastery']);
  });

  it('keeps the sort while searching', async () => {
    const user = userEvent.setup();
    await renderGreenTara();

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Sort by price' }),
      'From Price High To Low',
    );
    await user.type(screen.getByPlaceholderText('Search Monastery...'), 'monastery');

    expect(cardTitles()).toEqual(['Kopan Monastery', 'Pullahari Monastery']);
  });

  it('says which search found nothing', async () => {
    const user = userEvent.setup();
    await renderGreenTara();

    await user.type(screen.getByPlaceholderText('Search Monastery...'), 'Tengboche');

    expect(screen.getByText('No Monastery for "Tengboche"')).toBeInTheDocument();
  });

  it('says when no monastery offers the puja', async () => {
    await renderGreenTara({ ...pujaFixture, monasteries: [] });

    expect(screen.getByText('No Monastery available')).toBeInTheDocument();
  });

  it('shows the not-found page for a puja that does not exist, or a malformed address', async () => {
    const fetchMock = stubApi({});
    renderRoutes(routes, '/puja/Not%20A%20Slug');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    // No catalogue request for an address that cannot name a puja (the site's settings, read by every
    // page for the test-payments notice, are another matter).
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked.filter((url) => url !== '/api/client-config')).toEqual([]);
  });
});
