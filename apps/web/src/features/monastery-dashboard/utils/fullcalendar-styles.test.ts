import { afterEach, describe, expect, it } from 'vitest';
import { prepareFullCalendarStyles } from './fullcalendar-styles.ts';

afterEach(() => {
  for (const element of document.head.querySelectorAll('style[data-fullcalendar], meta[name="csp-nonce"]')) {
    element.remove();
  }
});

describe("FullCalendar's style element", () => {
  it("carries the page's nonce and takes every rule but @font-face, numbered as FullCalendar numbers them", () => {
    const meta = document.createElement('meta');
    meta.name = 'csp-nonce';
    meta.content = 'abc123';
    document.head.append(meta);

    prepareFullCalendarStyles();
    const style = document.head.querySelector<HTMLStyleElement>('style[data-fullcalendar]')!;
    expect(style.nonce).toBe('abc123');
    const sheet = style.sheet!;
    // As FullCalendar adds them: one call per rule, at the position it counts from the start.
    const rules = [
      '.fc{display:flex}',
      '@font-face{font-family:fcicons;src:url("data:application/x-font-ttf;base64,AAEA")}',
      '.fc-icon{font-family:fcicons}',
    ];
    rules.forEach((rule, position) => {
      sheet.insertRule(rule, position);
    });

    expect([...sheet.cssRules].map((rule) => rule.cssText)).toEqual([
      '.fc {display: flex;}',
      '.fc-icon {font-family: fcicons;}',
    ]);
  });

  it('leaves an element that is already there alone', () => {
    const existing = document.createElement('style');
    existing.setAttribute('data-fullcalendar', '');
    document.head.append(existing);

    prepareFullCalendarStyles();

    expect(document.head.querySelectorAll('style[data-fullcalendar]')).toHaveLength(1);
  });
});
