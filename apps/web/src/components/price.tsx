import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDisplayCurrency } from '../lib/display-currency.ts';
import { formatApproximateAmount, useExchangeRate } from '../lib/exchange-rates.ts';
import { formatPujaDate } from '../lib/formatting.ts';

/**
 * The payment dialog's word on money (docs/decisions/020): the patron pays in Nepalese rupees (`amount`,
 * as the page writes rupees); the amount in their currency is approximate, from Nepal Rastra Bank's rate
 * of its day, said only when there is such a rate. Beside a price elsewhere: ApproximatePrice.
 */
export function PaidInRupeesNote({ rupees, amount }: { rupees: number; amount: string }) {
  const { t } = useTranslation('prices');
  const rate = useExchangeRate(useDisplayCurrency());
  return (
    <Text size="sm" c="dimmed" data-testid="paid-in-rupees">
      {t('payment.inRupees', { amount })}
      {rate &&
        ` ${t('payment.approximate', {
          approximate: formatApproximateAmount(rupees, rate),
          date: formatPujaDate(rate.published_on),
        })}`}
    </Text>
  );
}
