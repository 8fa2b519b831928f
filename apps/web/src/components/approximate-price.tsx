import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDisplayCurrency } from '../lib/display-currency.ts';
import { formatApproximateAmount, useExchangeRate } from '../lib/exchange-rates.ts';
import classes from './price.module.css';

/**
 * The approximate amount of a price in the person's chosen currency, `≈ A$54`, small and dimmed, beside a
 * price in rupees (docs/decisions/020); nothing when they chose rupees only, chose nothing, or no recent
 * rate is known. Apart from price.tsx so the public pages' first JavaScript does not carry the date
 * formats.
 */
export function ApproximatePrice({ rupees }: { rupees: number }) {
  const { t } = useTranslation('prices');
  const rate = useExchangeRate(useDisplayCurrency());
  if (!rate) return null;
  // The space comes with the amount, so rupees alone end without one.
  return (
    <>
      {' '}
      <Text
        span
        size="xs"
        fw={400}
        c="dimmed"
        className={classes.approximate}
        data-testid="approximate-price"
      >
        {t('approximately', { amount: formatApproximateAmount(rupees, rate) })}
      </Text>
    </>
  );
}
