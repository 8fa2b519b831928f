import { describe, expect, it } from 'vitest';
import { buildPujaCalendarEvent, type PujaCalendarEventInput } from './puja-calendar-event.ts';

const order: PujaCalendarEventInput = {
  orderNumber: 'PJ-7K3M9Q',
  pujaName: 'Medicine Buddha Puja',
  monasteryName: 'Kopan Monastery',
  pujaDate: '2026-12-01',
  pujaTime: null,
  scheduleRevision: 0,
  businessTimeZone: 'Asia/Kathmandu',
  orderUrl: 'https://puja.example/orders?order=42',
  now: new Date('2026-11-20T10:00:00Z'),
  language: 'en',
};

/** The event's lines, unfolded (RFC 5545 folds long lines at 75 octets with CRLF and a space). */
function linesOf(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, '').split('\r\n');
}

describe('buildPujaCalendarEvent', () => {
  it('makes an all-day event on the Nepal date when the monastery set no time', () => {
    const ics = buildPujaCalendarEvent(order);
    const lines = linesOf(ics);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('DTSTART;VALUE=DATE:20261201');
    expect(lines).toContain('DTEND;VALUE=DATE:20261202');
    expect(lines).toContain('UID:pj-7k3m9q@puja-marketplace');
    expect(lines).toContain('LOCATION:Kopan Monastery\\, Nepal');
    expect(lines).toContain('SUMMARY:Medicine Buddha Puja at Kopan Monastery');
    expect(lines).toContain('DTSTAMP:20261120T100000Z');
    expect(lines).toContain('URL:https://puja.example/orders?order=42');
    expect(ics.endsWith('END:VCALENDAR\r\n') || ics.endsWith('END:VCALENDAR')).toBe(true);
  });

  it('makes a timed event at the Nepal time converted to UTC', () => {
    const lines = linesOf(buildPujaCalendarEvent({ ...order, pujaTime: '07:00' }));
    // 07:00 in Kathmandu (UTC+5:45) is 01:15 UTC.
    expect(lines).toContain('DTSTART:20261201T011500Z');
    expect(lines).toContain('DURATION:PT1H');
    expect(lines.find((line) => line.startsWith('DESCRIPTION:'))).toContain('07:00 Nepal time');
  });

  it('keeps the same UID for the same order whatever its date, so a re-dated puja replaces the event', () => {
    const uidOf = (input: PujaCalendarEventInput) =>
      linesOf(buildPujaCalendarEvent(input)).find((line) => line.startsWith('UID:'));
    expect(uidOf({ ...order, pujaDate: '2027-01-05', pujaTime: '18:30' })).toBe(uidOf(order));
    expect(uidOf({ ...order, orderNumber: 'PJ-2222AB' })).not.toBe(uidOf(order));
  });

  it('is written in the patron’s language, and in English for one who chose none', () => {
    const textOf = (language: PujaCalendarEventInput['language'], field: string) =>
      linesOf(buildPujaCalendarEvent({ ...order, pujaTime: '07:00', language }))
        .find((line) => line.startsWith(`${field}:`))
        ?.slice(field.length + 1);
    expect(textOf('ne', 'SUMMARY')).toBe('Kopan Monasteryमा Medicine Buddha Puja');
    expect(textOf('ne', 'LOCATION')).toBe('Kopan Monastery\\, नेपाल');
    expect(textOf('ne', 'DESCRIPTION')).toContain('नेपाल समय 07:00');
    expect(textOf('zh-Hant', 'SUMMARY')).toBe('Kopan Monastery的Medicine Buddha Puja');
    expect(textOf('zh-Hant', 'DESCRIPTION')).toContain('尼泊爾時間 07:00');
    expect(textOf(null, 'SUMMARY')).toBe('Medicine Buddha Puja at Kopan Monastery');
  });

  it('says PUBLISH, as the e-mail that carries it does, and its SEQUENCE is the schedule revision', () => {
    const lines = linesOf(buildPujaCalendarEvent({ ...order, scheduleRevision: 3 }));
    expect(lines).toContain('METHOD:PUBLISH');
    expect(lines).toContain('SEQUENCE:3');
  });

  it('folds every line at 75 octets of UTF-8, in every script, without splitting a character', () => {
    const long = {
      ...order,
      pujaName: 'भैषज्यगुरु पूजा र दीर्घायु पूजा परिवारका सबै सदस्यहरूका लागि',
      monasteryName: '尼泊爾加德滿都柯槃寺院（Kopan Monastery）',
      pujaTime: '07:00',
    };
    for (const language of ['en', 'ne', 'zh-Hant'] as const) {
      const ics = buildPujaCalendarEvent({ ...long, language });
      const physical = ics.split('\r\n');
      for (const line of physical) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      // Unfolded, the text is whole again: no character was cut.
      const summary = linesOf(ics).find((line) => line.startsWith('SUMMARY:'));
      expect(summary).toContain(long.pujaName);
      expect(summary).toContain(long.monasteryName);
      expect(Buffer.from(ics, 'utf8').toString('utf8')).toBe(ics);
    }
  });
});
