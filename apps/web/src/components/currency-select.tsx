import { CURRENCIES, isDisplayCurrency, RUPEES_ONLY } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { chooseCurrency, useDisplayCurrency } from '../lib/display-currency.ts';
import classes from './top-bar-select.module.css';

/**
 * The currency menu of the top bar (docs/decisions/020): rupees only, then the twelve currencies by their
 * code, each titled with its name in the active language. A plain native select, as the language switch:
 * it adds no UI-library code to the visitors' first page, and phones show their own picker.
 */
export function CurrencySelect() {
  const { t, i18n } = useTranslation('prices');
  const currency = useDisplayCurrency();
  const names = new Intl.DisplayNames([i18n.language], { type: 'currency' });
  return (
    <select
      name="currency"
      className={classes.select}
      aria-label={t('currency.label')}
      value={currency ?? RUPEES_ONLY}
      onChange={(event) => {
        const chosen = event.currentTarget.value;
        if (isDisplayCurrency(chosen)) void chooseCurrency(chosen);
      }}
    >
      <option value={RUPEES_ONLY}>{t('currency.rupeesOnly')}</option>
      {CURRENCIES.map((code) => (
        <option key={code} value={code} title={names.of(code)}>
          {code}
        </option>
      ))}
    </select>
  );
}
