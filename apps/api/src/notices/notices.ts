import { DEFAULT_LANGUAGE, type Language } from '@puja/contract';
import { en } from './en.ts';
import { ne } from './ne.ts';
import { isGsm7 } from './sms-segments.ts';
import { zhHant } from './zh-Hant.ts';

/**
 * The server's catalogue of SMS and e-mail texts in each language (docs/decisions/019): English is the
 * model, and every other language has the same groups, keys and `{placeholders}` (notices.test.ts).
 */
type English = typeof en;
export type NoticeCatalogue = { [Group in keyof English]: { [Key in keyof English[Group]]: string } };
export type NoticeGroup = keyof English;

/** The `{names}` a text fills in, read from the English text's type. */
type Placeholders<Text extends string> = Text extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;
export type NoticeParams<Group extends NoticeGroup, Key extends keyof English[Group]> = Record<
  Placeholders<English[Group][Key] & string>,
  string
>;

export const NOTICE_CATALOGUES: Record<Language, NoticeCatalogue> = { en, ne, 'zh-Hant': zhHant };

export type SmsKey = keyof English['sms'];
/** The notices a patron receives about an order, by SMS and (with an address) by e-mail. */
export type PatronNoticeKey = keyof English['subjects'];

/** What an order's e-mail may carry: the receipt (PDF) once paid, the puja as a calendar event once approved. */
export type OrderEmailAttachment = 'receipt' | 'calendar-event';

/**
 * Values the sender fills in itself when it writes the text, as it knows the order: `{orderUrl}`, its
 * page (where the completion's photos are).
 */
type SenderParams = 'orderUrl';

/** A notice about an order, as queued: its text's key and the values to fill in, in any language. */
export type PatronNotice = {
  [Key in PatronNoticeKey]: { key: Key; params: Omit<NoticeParams<'sms', Key>, SenderParams> };
}[PatronNoticeKey];

/** A notice to a monastery's staff: only by SMS. */
type StaffNoticeKey = Extract<SmsKey, `staff${string}`>;
export type StaffNotice = {
  [Key in StaffNoticeKey]: { key: Key; params: NoticeParams<'sms', Key> };
}[StaffNoticeKey];

/** Fills a text's `{placeholders}`; `escape` is applied to each value (HTML), never to the text. */
export function fillText(
  text: string,
  params: Record<string, string>,
  escapeValue: (value: string, name: string) => string = (value) => value,
): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? escapeValue(params[name]!, name) : whole,
  );
}

/** One text of one language, filled in. A person who chose no language reads English. */
export function noticeText<Group extends NoticeGroup, Key extends keyof English[Group] & string>(
  language: Language | null | undefined,
  group: Group,
  key: Key,
  params: NoticeParams<Group, Key>,
): string {
  const catalogue = NOTICE_CATALOGUES[language ?? DEFAULT_LANGUAGE] ?? NOTICE_CATALOGUES[DEFAULT_LANGUAGE];
  return fillText((catalogue[group] as Record<string, string>)[key]!, params as Record<string, string>);
}

/** A notice's SMS text (and the sentence at the heart of its e-mail) in one language. */
export function smsText(
  language: Language | null | undefined,
  notice: PatronNotice | StaffNotice,
  senderParams: Partial<Record<SenderParams, string>> = {},
): string {
  return noticeText(language, 'sms', notice.key, { ...notice.params, ...senderParams } as never);
}

/**
 * What a notice's SMS says: its short form where it has one (`smsShort`, for the sentences too long for
 * one SMS in English or two in Nepali and Chinese), else the `sms` sentence. A name that is not in the
 * GSM 7-bit alphabet (a Nepali or Chinese patron's) would send an English text as UCS-2, at 70 characters
 * an SMS instead of 160, so an English SMS (to staff, or to a patron naming a link's payer) leaves it out (its `…Unnamed` text) rather than cost
 * three SMS; a Nepali or Chinese SMS is UCS-2 already and keeps it.
 */
export function smsMessage(
  language: Language | null | undefined,
  notice: PatronNotice | StaffNotice,
  senderParams: Partial<Record<SenderParams, string>> = {},
): string {
  const catalogue = NOTICE_CATALOGUES[language ?? DEFAULT_LANGUAGE] ?? NOTICE_CATALOGUES[DEFAULT_LANGUAGE];
  const params = { ...notice.params, ...senderParams } as Record<string, string>;
  let key: string = notice.key;
  const unnamed = `${key}Unnamed`;
  // The person a text names: the patron (staff notices) or the payer of a "Pay for me" link.
  const named = params.patron ?? params.payer;
  if (named !== undefined && !isGsm7(named) && unnamed in catalogue.sms) {
    const text =
      (catalogue.smsShort as Record<string, string>)[unnamed] ??
      (catalogue.sms as Record<string, string>)[unnamed]!;
    if (isGsm7(fillText(text, { ...params, patron: '', payer: '' }))) key = unnamed;
  }
  const text =
    (catalogue.smsShort as Record<string, string>)[key] ?? (catalogue.sms as Record<string, string>)[key]!;
  return fillText(text, params);
}

/** Whether a text carries a link already: its SMS then gets no second one (the order's page). */
export const hasLink = (text: string) => /https?:\/\//.test(text);
