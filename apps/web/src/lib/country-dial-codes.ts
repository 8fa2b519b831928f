import { DEFAULT_COUNTRY_DIAL_CODE, listDialCodes } from '@puja/contract';

/**
 * The countries a phone number may belong to, for the forms that ask for one (sign-in, a new number in
 * account settings): the country's code, dial code and name. Its flag is drawn as an image from `code`
 * (`CountryFlag`): emoji flags show as boxes or letter pairs on Windows and many Linux desktops.
 */
export interface CountryDialCode {
  name: string;
  dial_code: string;
  code: string;
}

/** Every country the phone rules know, named in the reader's language by Intl, in alphabetical order. */
export function listCountryDialCodes(locale: string): CountryDialCode[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return listDialCodes()
    .map(({ code, dial_code }) => ({ code, dial_code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** The country preselected in a form: the one whose dial code is the product's default (+977, Nepal). */
export function defaultCountryCode(countries: readonly CountryDialCode[]): string {
  return countries.find((country) => country.dial_code === DEFAULT_COUNTRY_DIAL_CODE)?.code ?? 'NP';
}

/** The dial code (+977) of the country `code` (NP) names, or '' for a code not in the list. */
export function dialCodeOf(countries: readonly CountryDialCode[], code: string): string {
  return countries.find((country) => country.code === code)?.dial_code ?? '';
}
