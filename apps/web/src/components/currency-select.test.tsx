import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { CurrencySelect } from './currency-select.tsx';

describe('CurrencySelect', () => {
  it('names each currency once the menu is reached, not as the page starts', async () => {
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={new QueryClient()} mantineEnv="test">
        <CurrencySelect />
      </AppProviders>,
    );
    const dollars = screen.getByRole('option', { name: 'USD' });
    expect(dollars).not.toHaveAttribute('title');

    await user.click(screen.getByRole('combobox', { name: 'Currency' }));

    expect(dollars).toHaveAttribute('title', 'US Dollar');
    expect(screen.getByRole('option', { name: 'AUD' })).toHaveAttribute('title', 'Australian Dollar');
  });
});
