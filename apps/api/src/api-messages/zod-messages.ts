import type { Language } from '@puja/contract';
import { z } from 'zod';

/**
 * zod's own default messages (`Invalid input: expected string, received number`, `Too small: …`) in the
 * request's language, with zod's locales: Nepali (`ne`) and Traditional Chinese (`zh-TW`). Each issue is
 * written again per request; zod's global locale is never switched, since requests in different
 * languages are validated side by side. A schema's own message (`Choose a date.`) is not zod's default:
 * it stays English here and the catalogue translates it (api-messages.ts).
 */
type ErrorMap = z.core.$ZodErrorMap;
const ENGLISH: ErrorMap = z.locales.en().localeError;
const LOCALE_ERRORS: Record<Exclude<Language, 'en'>, ErrorMap> = {
  ne: z.locales.ne().localeError,
  'zh-Hant': z.locales.zhTW().localeError,
};

/** A field error as fastify-type-provider-zod hands it over: the issue's code, message and other fields. */
export interface ZodValidationIssue {
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}

const messageOf = (map: ErrorMap, issue: z.core.$ZodRawIssue): string | undefined => {
  const result = map(issue);
  return typeof result === 'string' ? result : (result?.message ?? undefined);
};

/** Sizes and counts in Nepali messages in Devanagari digits, as the rest of the API writes them. */
const DEVANAGARI_DIGITS = '०१२३४५६७८९';
const NUMBERED_CODES = new Set(['too_big', 'too_small', 'not_multiple_of']);

/** The issue's message in `language`: zod's default in that language, or the schema's own message as is. */
export function zodIssueMessage(issue: ZodValidationIssue, language: Language | undefined): string {
  const message = issue.message ?? 'Invalid value.';
  if (!language || language === 'en') return message;
  const raw = { ...issue.params, code: issue.keyword } as unknown as z.core.$ZodRawIssue;
  try {
    if (messageOf(ENGLISH, raw) !== message) return message;
    const translated = messageOf(LOCALE_ERRORS[language], raw);
    if (!translated) return message;
    return language === 'ne' && NUMBERED_CODES.has(issue.keyword)
      ? translated.replace(/\d/g, (digit) => DEVANAGARI_DIGITS[Number(digit)]!)
      : translated;
  } catch {
    // An issue shaped unlike zod's own (a refinement's extra fields): its English message is still right.
    return message;
  }
}
