import { CURRENCIES, isDisplayCurrency, RUPEES_ONLY } from '@puja/contract';
import { useState } from 'react';
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
  // The names come once the menu is first reached (focus comes before it opens): the first
  // `Intl.DisplayNames` makes the browser load its currency names, about 45 ms on a phone, which a page
  // should not spend as it starts.
  const [reached, setReached] = useState(false);
  const names = reached ? currencyNames(i18n.language) : undefined;
  return (
    <select
      name="currency"
      className={classes.select}
      aria-label={t('currency.label')}
      value={currency ?? RUPEES_ONLY}
      onFocus={() => setReached(true)}
      onChange={(event) => {
        const chosen = event.currentTarget.value;
        if (isDisplayCurrency(chosen)) void chooseCurrency(chosen);
      }}
    >
      <option value={RUPEES_ONLY}>{t('currency.rupeesOnly')}</option>
      {CURRENCIES.map((code) => (
        <option key={code} value={code} title={names?.of(code)}>
          {code}
        </option>
      ))}
    </select>
  );
}

const currencyNamesByLanguage = new Map<string, Intl.DisplayNames>();
function currencyNames(language: string): Intl.DisplayNames {
  let names = currencyNamesByLanguage.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'currency' });
    currencyNamesByLanguage.set(language, names);
  }
  return names;
}
