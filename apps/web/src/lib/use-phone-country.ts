import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CountryDialCode,
  defaultCountryCode,
  dialCodeOf,
  listCountryDialCodes,
} from './country-dial-codes.ts';

export interface PhoneCountry {
  /** The countries and their dial codes, named in the page's language. */
  countries: readonly CountryDialCode[];
  /** The chosen country's code (NP). */
  country: string;
  setCountry: (country: string) => void;
  /** The chosen country's dial code (+977): a phone form's `code` value to start with. */
  dialCode: string;
}

/**
 * The country a phone form's number is in, for `PhoneNumberFields` (sign-in, a new number in account
 * settings, a staff invitation): the visitor's likely country until another is chosen.
 */
export function usePhoneCountry(): PhoneCountry {
  const { i18n } = useTranslation();
  const countries = useMemo(() => listCountryDialCodes(i18n.language), [i18n.language]);
  const [country, setCountry] = useState(() => defaultCountryCode(countries));
  return { countries, country, setCountry, dialCode: dialCodeOf(countries, country) };
}
