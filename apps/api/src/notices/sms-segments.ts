import type { Language } from '@puja/contract';

/**
 * How many SMS a text costs (3GPP TS 23.038): a text of GSM 03.38 characters only is sent in the 7-bit
 * alphabet, 160 to one SMS or 153 a part when it is split (the rest holds the parts' header), each
 * character of the extension table (`{}[]~\|^€` and the form feed) taking two; any other character sends
 * the whole text as UCS-2, 70 to one SMS or 67 a part, a character outside the Basic Multilingual Plane
 * (an emoji) taking two. Providers bill by the part, so this is what a notice costs a patron abroad and us.
 */
export type SmsEncoding = 'GSM-7' | 'UCS-2';

const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENSION = new Set('\f^{}\\[~]|€');

export interface SmsSize {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or 16-bit code units (UCS-2). */
  units: number;
  segments: number;
}

export function smsSize(text: string): SmsSize {
  let septets = 0;
  for (const character of text) {
    if (GSM_BASIC.has(character)) septets += 1;
    else if (GSM_EXTENSION.has(character)) septets += 2;
    else return sized('UCS-2', text.length, 70, 67);
  }
  return sized('GSM-7', septets, 160, 153);
}

/**
 * The most SMS a notice may cost (issue 31): one in English, two in Nepali and Chinese, whose scripts are
 * sent as UCS-2 at 70 characters an SMS.
 */
export function smsBudget(language: Language | null | undefined): number {
  return (language ?? 'en') === 'en' ? 1 : 2;
}

/** Whether a text (a name, say) keeps an SMS in the 7-bit alphabet. */
export function isGsm7(text: string): boolean {
  return smsSize(text).encoding === 'GSM-7';
}

function sized(encoding: SmsEncoding, units: number, single: number, part: number): SmsSize {
  return { encoding, units, segments: units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / part) };
}
