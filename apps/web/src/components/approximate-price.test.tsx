import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { stubApi } from '../test/render-app.tsx';
import { ApproximatePrice } from './approximate-price.tsx';
import { PaidInRupeesNote } from './price.tsx';

const RATES = {
  rates: [
    { currency: 'AUD', rupees_per_unit: 91.8, published_on: '2026-11-26' },
    { currency: 'USD', rupees_per_unit: 141.4, published_on: '2026-11-26' },
    { currency: 'JPY', rupees_per_unit: 0.912, published_on: '2026-11-26' },
  ],
};

function renderPrice(rupees: number) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <p data-testid="price">
        Rs. 5,000
        <ApproximatePrice rupees={rupees} />
      </p>
    </AppProviders>,
  );
}

function chooseInCookie(currency: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets what the currency menu would have set.
  document.cookie = `currency=${currency}; path=/`;
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: each test starts without a chosen currency.
  document.cookie = 'currency=; path=/; max-age=0';
});
afterEach(() => window.localStorage.clear());

describe('ApproximatePrice', () => {
  it('shows the rupees and, beside them, the amount in the chosen currency', async () => {
    stubApi({ '/api/exchange-rates': { body: RATES } });
    chooseInCookie('AUD');
    renderPrice(5000);
    // Rs. 5,000 at Rs. 91.80 for one Australian dollar is A$54.47: about A$54.
    expect(await screen.findByTestId('approximate-price')).toHaveTextContent('≈ A$54');
    expect(screen.getByTestId('price')).toHaveTextContent(/^Rs\. 5,000 ≈ A\$54$/);
  });

  it('rounds as a converted price is said: three figures for large amounts, no yen fractions', async () => {
    stubApi({ '/api/exchange-rates': { body: RATES } });
    chooseInCookie('JPY');
    renderPrice(5000);
    expect(await screen.findByTestId('approximate-price')).toHaveTextContent('≈ ¥5,480');
  });

  it('shows rupees only when rupees only are chosen, and asks for no rates', async () => {
    const fetchMock = stubApi({ '/api/exchange-rates': { body: RATES } });
    chooseInCookie('NPR');
    renderPrice(5000);
    expect(screen.getByTestId('price')).toHaveTextContent(/^Rs\. 5,000$/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows nothing beside the rupees without rates: none recent, the server failing, or none for the currency', async () => {
    for (const [currency, answer] of [
      ['AUD', { body: { rates: [] } }],
      ['AUD', { status: 500, body: { message: 'Something went wrong.' } }],
      // Nepal Rastra Bank publishes no Taiwan dollar.
      ['TWD', { body: RATES }],
    ] as const) {
      const fetchMock = stubApi({ '/api/exchange-rates': answer });
      chooseInCookie(currency);
      const { unmount } = renderPrice(5000);
      await waitFor(() => expect(fetchMock).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByTestId('approximate-price')).toBeNull();
      expect(screen.getByTestId('price')).toHaveTextContent(/^Rs\. 5,000$/);
      unmount();
    }
  });

  it('follows the signed-in account’s currency over the browser’s', async () => {
    stubApi({ '/api/exchange-rates': { body: RATES } });
    chooseInCookie('AUD');
    const session = { token: 't', user_id: 3, name: 'Demo Patron', email: null, phone: '+9779800000003' };
    window.localStorage.setItem('token', 't');
    window.localStorage.setItem(
      'session',
      JSON.stringify({ ...session, role: 'user', monastery_id: null, currency: 'USD' }),
    );
    renderPrice(500_000);
    expect(await screen.findByTestId('approximate-price')).toHaveTextContent('≈ $3,540');
  });
});

describe('PaidInRupeesNote', () => {
  function renderNote() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <AppProviders queryClient={queryClient} mantineEnv="test">
        <PaidInRupeesNote rupees={5000} amount="Rs. 5,000" />
      </AppProviders>,
    );
  }

  it('says payment is in rupees, and the other amount is approximate, from the bank’s rate of its day', async () => {
    stubApi({ '/api/exchange-rates': { body: RATES } });
    chooseInCookie('AUD');
    renderNote();
    await waitFor(() =>
      expect(screen.getByTestId('paid-in-rupees')).toHaveTextContent(
        'You pay in Nepalese rupees: Rs. 5,000. That is about A$54 at Nepal Rastra Bank’s rate of November 26th, 2026; what your bank or wallet charges may differ.',
      ),
    );
  });

  it('says only that payment is in rupees without a rate', async () => {
    stubApi({ '/api/exchange-rates': { body: { rates: [] } } });
    chooseInCookie('AUD');
    renderNote();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('paid-in-rupees')).toHaveTextContent(
      /^You pay in Nepalese rupees: Rs\. 5,000\.$/,
    );
  });
});
