import { LANGUAGES, ORDER_STATUSES, PAYMENT_STATUSES } from '@puja/contract';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/orders.json';
import ne from '../../../locales/ne/orders.json';
import zhHant from '../../../locales/zh-Hant/orders.json';
import { PATRON_STATUS_COLOURS, PATRON_STATUSES, patronStatus, payByOf } from './patron-status.ts';

const STRINGS = { en, ne, 'zh-Hant': zhHant } as const;
type Sentences = Record<string, { title: string; next: string; nextUntimed?: string }>;

/** Every order state × payment state the database allows (its check constraints are the contract's lists). */
const EVERY_COMBINATION = ORDER_STATUSES.flatMap((status) =>
  PAYMENT_STATUSES.map((payment_status) => ({ status, payment_status })),
);

describe('the plain status a patron reads (issue 29)', () => {
  it.each(EVERY_COMBINATION)('$status with payment $payment_status has one', (order) => {
    const status = patronStatus(order);
    expect(PATRON_STATUSES).toContain(status);
    for (const language of LANGUAGES) {
      const sentences = (STRINGS[language] as { patronStatus: Sentences }).patronStatus[status];
      expect(sentences?.title, `${language} ${status}`).toBeTruthy();
      expect(sentences?.next, `${language} ${status}`).toBeTruthy();
      if (language !== 'en') {
        // Translated, not English left in place.
        expect(sentences!.title).not.toBe(en.patronStatus[status].title);
        expect(sentences!.next).not.toBe(en.patronStatus[status].next);
      }
    }
  });

  it('uses every plain status, and has a tint for each', () => {
    expect(new Set(EVERY_COMBINATION.map(patronStatus))).toEqual(new Set(PATRON_STATUSES));
    expect(Object.keys(PATRON_STATUS_COLOURS).sort()).toEqual([...PATRON_STATUSES].sort());
    for (const language of LANGUAGES)
      expect(Object.keys((STRINGS[language] as { patronStatus: Sentences }).patronStatus).sort()).toEqual(
        [...PATRON_STATUSES].sort(),
      );
  });

  it('reads the order and its money together', () => {
    expect(patronStatus({ status: 'pending', payment_status: 'Pending' })).toBe('awaitingPayment');
    expect(patronStatus({ status: 'pending', payment_status: 'Completed' })).toBe('paidAwaitingConfirmation');
    expect(patronStatus({ status: 'cancelled', payment_status: 'Pending' })).toBe('cancelledNothingPaid');
    expect(patronStatus({ status: 'cancelled', payment_status: 'Refund due' })).toBe('cancelledRefundDue');
    expect(patronStatus({ status: 'declined', payment_status: 'Refunded' })).toBe('declinedRefunded');
    expect(patronStatus({ status: 'expired', payment_status: 'Failed' })).toBe('expiredNothingPaid');
  });

  it('says when an unpaid order expires, in every language, and only for an unpaid one', () => {
    for (const language of LANGUAGES)
      expect(STRINGS[language].patronStatus.awaitingPayment.next).toContain('{{time}}');
    const payBy = '2026-11-21T08:15:00.000Z';
    expect(payByOf({ status: 'pending', payment_status: 'Pending', pay_by: payBy })).toBe(payBy);
    expect(payByOf({ status: 'pending', payment_status: 'Completed', pay_by: payBy })).toBeNull();
    expect(payByOf({ status: 'expired', payment_status: 'Pending', pay_by: payBy })).toBeNull();
  });
});
