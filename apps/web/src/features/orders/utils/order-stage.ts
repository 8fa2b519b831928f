import type { BackOfficeOrderFilter, Order } from '@puja/contract';

/**
 * Where an order stands for the staff, in the words of the orders screen's status filter: a pending order
 * is 'to approve' once paid and 'awaiting payment' before (docs/decisions/009); the rest are its status.
 */
export function orderStage(order: Pick<Order, 'status' | 'payment_status'>): BackOfficeOrderFilter {
  if (order.status === 'pending') {
    return order.payment_status === 'Completed' ? 'to_approve' : 'awaiting_payment';
  }
  return order.status;
}

/** The tint of each stage, beside its name: what needs the staff stands out. */
export const STAGE_COLOURS: Record<BackOfficeOrderFilter, string> = {
  awaiting_payment: 'gray',
  to_approve: 'yellow',
  approved: 'blue',
  completed: 'green',
  declined: 'red',
  cancelled: 'gray',
  expired: 'orange',
};
