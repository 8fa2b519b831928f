import { CLOSED_ORDER_MESSAGE_DAYS, type OrderStatus } from '@puja/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Until when a closed order still takes messages (docs/decisions/038): a declined or cancelled order, for
 * CLOSED_ORDER_MESSAGE_DAYS after it closed, so a patron whose puja will not happen can ask why, or about
 * their refund, and the monastery can answer. Null for any other order: an open one takes messages without
 * an end, a completed or expired one keeps its own rule.
 */
export function messagesUntil(order: { status: OrderStatus; closedAt: Date | null }): Date | null {
  if (order.status !== 'declined' && order.status !== 'cancelled') return null;
  // An order closed before closing times were kept has no window left to give.
  if (!order.closedAt) return new Date(0);
  return new Date(order.closedAt.getTime() + CLOSED_ORDER_MESSAGE_DAYS * DAY_MS);
}

/** Whether a declined or cancelled order is still inside its window for messages at `now`. */
export function withinClosedMessageWindow(
  order: { status: OrderStatus; closedAt: Date | null },
  now = new Date(),
): boolean {
  const until = messagesUntil(order);
  return until !== null && now.getTime() < until.getTime();
}
