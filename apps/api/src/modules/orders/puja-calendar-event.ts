import { addDays, type Language, zonedTimeToUtc } from '@puja/contract';
import { createEvent, type EventAttributes } from 'ics';
import { noticeText } from '../../notices/notices.ts';

/**
 * A patron's puja as an iCalendar event (RFC 5545), for "Add to calendar" on the order's page and the
 * approval e-mail's attachment (docs/decisions/020). Built from an order-like input so both callers can use
 * what they already read.
 */
export type PujaCalendarEventInput = {
  /** The order's number (`PJ-7K3M9Q`): the event's UID is made from it, so a re-dated puja replaces the old event. */
  orderNumber: string;
  pujaName: string;
  monasteryName: string;
  /** The puja's day (YYYY-MM-DD) in the business time zone. */
  pujaDate: string;
  /** The time of day the monastery set (HH:MM, business time zone), or null: then an all-day event. */
  pujaTime: string | null;
  /** How many times the day or time changed (`orders.schedule_revision`): the event's SEQUENCE. */
  scheduleRevision: number;
  /** BUSINESS_TIME_ZONE (Asia/Kathmandu). */
  businessTimeZone: string;
  /** The patron's page of the order, linked from the event. */
  orderUrl?: string;
  /** The patron's language, for the event's title, description and place; English when they chose none. */
  language: Language | null;
  /** When the event is written (DTSTAMP); now when not given. */
  now?: Date;
};

/** The monks give no end time: a timed puja is shown as an hour, enough to place it in a calendar. */
const TIMED_PUJA_DURATION = { hours: 1 };

/** The UID a calendar keeps for an order's event: the same on every download and e-mail. */
export function pujaCalendarEventUid(orderNumber: string): string {
  return `${orderNumber.toLowerCase()}@puja-marketplace`;
}

/** The `.ics` text of one puja. Throws when the input cannot make a valid event (a bug, not a patron's input). */
export function buildPujaCalendarEvent(input: PujaCalendarEventInput): string {
  const { language, pujaName: puja, monasteryName: monastery } = input;
  const description = [
    noticeText(language, 'calendar', 'ordered', { order: input.orderNumber, puja, monastery }),
    input.pujaTime
      ? noticeText(language, 'calendar', 'timeSet', { time: input.pujaTime })
      : noticeText(language, 'calendar', 'allDay', {}),
    input.orderUrl ? noticeText(language, 'calendar', 'yourOrder', { orderUrl: input.orderUrl }) : undefined,
  ]
    .filter(Boolean)
    .join('\n');
  const common = {
    title: noticeText(language, 'calendar', 'title', { puja, monastery }),
    description,
    location: noticeText(language, 'calendar', 'location', { monastery }),
    uid: pujaCalendarEventUid(input.orderNumber),
    productId: 'puja-marketplace/orders',
    // The e-mail sends it as `method=PUBLISH` (an event to keep, not an invitation to answer): the same here.
    method: 'PUBLISH',
    sequence: input.scheduleRevision,
    status: 'CONFIRMED',
    busyStatus: 'FREE',
    ...(input.orderUrl ? { url: input.orderUrl } : {}),
  } satisfies Partial<EventAttributes>;
  const attributes: EventAttributes = input.pujaTime
    ? {
        ...common,
        start: zonedTimeToUtc(input.pujaDate, input.pujaTime, input.businessTimeZone).getTime(),
        startInputType: 'utc',
        startOutputType: 'utc',
        duration: TIMED_PUJA_DURATION,
      }
    : // An all-day event on Nepal's day (DTSTART;VALUE=DATE), which calendars show on that date anywhere.
      { ...common, start: dayArray(input.pujaDate), end: dayArray(addDays(input.pujaDate, 1)) };
  // `timestamp` (DTSTAMP) is read by the package though its types leave it out.
  const { error, value } = createEvent(
    Object.assign(attributes, { timestamp: (input.now ?? new Date()).getTime() }),
  );
  if (error || !value) throw error ?? new Error('The calendar event could not be built.');
  return foldContentLines(value);
}

/** RFC 5545 §3.1: a content line is at most 75 octets; longer ones go on in lines that start with a space. */
const MAX_LINE_OCTETS = 75;

/**
 * Folds every line at 75 octets of UTF-8, never inside a character. The `ics` package folds at 75
 * characters, which a Nepali or Chinese line overruns up to three times.
 */
export function foldContentLines(ics: string): string {
  const unfolded = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
  return unfolded.map(foldLine).join('\r\n');
}

function foldLine(line: string): string {
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    // Every line after the first gives one octet to its leading space.
    if (octets + size > MAX_LINE_OCTETS - (parts.length > 0 ? 1 : 0)) {
      parts.push(part);
      part = '';
      octets = 0;
    }
    part += character;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}

function dayArray(isoDate: string): [number, number, number] {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return [year, month, day];
}
