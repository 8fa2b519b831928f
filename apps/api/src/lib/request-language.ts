import type { IncomingHttpHeaders } from 'node:http';
import { isLanguage, LANGUAGE_COOKIE, LANGUAGES, type Language } from '@puja/contract';

const COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([\\w-]+)`);

/**
 * The language a request asks for before anyone is signed in: the browser's `lang` cookie, which the web
 * app sets when the person chooses (docs/decisions/018), else the best of `Accept-Language` that we have;
 * undefined when neither says (the caller then uses the account's language or English).
 */
export function requestLanguage(headers: IncomingHttpHeaders): Language | undefined {
  const cookie = COOKIE_PATTERN.exec(headers.cookie ?? '')?.[1];
  if (cookie && isLanguage(cookie)) return cookie;
  const asked = (headers['accept-language'] ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...options] = part.trim().split(';');
      const quality = Number(
        /^q=([\d.]+)$/.exec(options.find((option) => option.startsWith('q=')) ?? '')?.[1] ?? 1,
      );
      return { tag: tag.toLowerCase(), quality: Number.isFinite(quality) ? quality : 0 };
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality);
  for (const { tag } of asked) {
    const match = languageOfTag(tag);
    if (match) return match;
  }
  return undefined;
}

/** `ne-NP` → ne; Chinese written in traditional characters (zh-Hant, zh-TW, zh-HK, zh-MO) → zh-Hant. */
function languageOfTag(tag: string): Language | undefined {
  if (tag === 'ne' || tag.startsWith('ne-')) return 'ne';
  if (/^zh-(hant|tw|hk|mo)\b/.test(tag)) return 'zh-Hant';
  if (tag === 'en' || tag.startsWith('en-')) return 'en';
  return LANGUAGES.find((language) => language.toLowerCase() === tag);
}
