import { readCspNonce } from '../../../lib/csp-nonce.ts';

const FULLCALENDAR_STYLE = 'style[data-fullcalendar]';
const FONT_FACE = /^\s*@font-face/i;

/**
 * FullCalendar 6 writes its CSS into a `<style data-fullcalendar>` element, reusing one that is already in
 * the page. That CSS embeds an icon font as a `data:` URL, which the page's Content-Security-Policy
 * (`font-src 'self'`) refuses, and Chrome reports the violation as soon as the rule is added, used or not.
 * So the element is made here first, with the page's style nonce, and takes every rule but `@font-face`;
 * the icons the calendar shows have plain-character stand-ins (orders-calendar.module.css).
 */
export function prepareFullCalendarStyles(doc: Document = document): void {
  if (doc.querySelector(FULLCALENDAR_STYLE)) return;
  const style = doc.createElement('style');
  style.setAttribute('data-fullcalendar', '');
  const nonce = readCspNonce(doc);
  if (nonce) style.nonce = nonce;
  // First in <head>, where FullCalendar would put it: the app's own stylesheets come later and win.
  doc.head.prepend(style);
  const sheet = style.sheet;
  if (!sheet) return;
  const insertRule = sheet.insertRule.bind(sheet);
  // FullCalendar numbers its rules itself; with one skipped, its later positions run past the end.
  sheet.insertRule = (rule: string, index?: number) =>
    FONT_FACE.test(rule)
      ? sheet.cssRules.length
      : insertRule(rule, Math.min(index ?? 0, sheet.cssRules.length));
}
