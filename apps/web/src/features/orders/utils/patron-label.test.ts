import { describe, expect, it } from 'vitest';
import { orderStage } from './order-stage.ts';
import { patronLabel } from './patron-label.ts';

describe('patronLabel', () => {
  it('names the patron, or gives their phone while they have no name', () => {
    expect(patronLabel({ name: 'Pema Lhamo', email: null, phone: '+9779811111111' })).toBe('Pema Lhamo');
    expect(patronLabel({ name: '', email: null, phone: '+9779811111111' })).toBe('+9779811111111');
    expect(patronLabel({ name: '  ', email: 'a@example.com', phone: null })).toBe('a@example.com');
  });
});

describe('orderStage', () => {
  it('splits pending orders by their money, as the status filter does', () => {
    expect(orderStage({ status: 'pending', payment_status: 'Completed' })).toBe('to_approve');
    expect(orderStage({ status: 'pending', payment_status: 'Pending' })).toBe('awaiting_payment');
    expect(orderStage({ status: 'approved', payment_status: 'Completed' })).toBe('approved');
    expect(orderStage({ status: 'declined', payment_status: 'Refund due' })).toBe('declined');
  });
});
