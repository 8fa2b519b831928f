import type { PaymentStatus } from '@puja/contract';

/** A payment's status at a glance: money to act on stands out; what is settled is quiet. */
export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = {
  Pending: 'yellow',
  Completed: 'teal',
  Failed: 'red',
  'Refund due': 'orange',
  Refunded: 'gray',
};
