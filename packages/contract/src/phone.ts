import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberWithError,
} from 'libphonenumber-js/min';

/**
 * Phone numbers are validated per country with libphonenumber-js and stored in E.164 (+9779812345678).
 * The sign-in form sends the dial code and the national digits separately (docs/product.md#sign-in-with-phone login form).
 */
export type PhoneCheck =
  | { ok: true; e164: string; country: CountryCode | undefined }
  | { ok: false; message: string };

export const INVALID_PHONE_MESSAGE = 'Enter a valid mobile number for the chosen country.';

/**
 * A national number with a leading trunk prefix ("07911 123456" for +44, "0412 345 678" for +61) comes out
 * without it, as libphonenumber strips each country's national prefix; where the 0 belongs to the number
 * (Italy's landlines) it stays. `nationalDigits` may also be the whole number with its `+` and country
 * code, as people paste it; then that country's rules apply.
 */
export function toE164(dialCode: string, nationalDigits: string): PhoneCheck {
  const digits = nationalDigits.replace(/[\s-]/g, '');
  // A number pasted whole, with its own +country prefix ("+44 7911 123457"), says its country itself:
  // the country chosen beside it (Nepal by default) is not asked.
  const international = digits.startsWith('+');
  const validParts = international
    ? /^\+\d{7,15}$/.test(digits)
    : /^\+\d{1,4}$/.test(dialCode) && /^\d{4,15}$/.test(digits);
  if (!validParts) return { ok: false, message: INVALID_PHONE_MESSAGE };
  try {
    const parsed = parsePhoneNumberWithError(international ? digits : `${dialCode}${digits}`);
    if (!parsed.isValid()) return { ok: false, message: INVALID_PHONE_MESSAGE };
    return { ok: true, e164: parsed.number, country: parsed.country };
  } catch {
    return { ok: false, message: INVALID_PHONE_MESSAGE };
  }
}

/** An E.164 number as people read it abroad, grouped by its country's rules: +977 981 2345678. */
export function formatPhoneInternational(e164: string): string {
  try {
    return parsePhoneNumberWithError(e164).formatInternational();
  } catch {
    return e164;
  }
}

/** Whether a full E.164 number (as admins type it) is a valid number. */
export function isValidE164(value: string): boolean {
  if (!/^\+[1-9]\d{6,14}$/.test(value)) return false;
  try {
    return parsePhoneNumberWithError(value).isValid();
  } catch {
    return false;
  }
}

export interface DialCodeOption {
  /** ISO 3166-1 alpha-2 */
  code: CountryCode;
  dial_code: string;
}

/** Every country libphonenumber-js knows (about 240), with its dial code; names come from Intl.DisplayNames. */
export function listDialCodes(): DialCodeOption[] {
  return getCountries().map((code) => ({ code, dial_code: `+${getCountryCallingCode(code)}` }));
}
