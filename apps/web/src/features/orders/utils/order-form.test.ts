import { describe, expect, it } from 'vitest';
import { orderDateRange } from './order-form.ts';

describe('orderDateRange', () => {
  it('runs from today to 365 days ahead, across a leap day', () => {
    expect(orderDateRange('2027-06-01')).toEqual({ min: '2027-06-01', max: '2028-05-31' });
  });
});
