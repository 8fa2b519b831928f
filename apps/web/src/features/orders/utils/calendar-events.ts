import type { Order } from '@puja/contract';
import { pujaDayOf } from './puja-day.ts';

/** One approved order on the calendar: a whole-day event, as a puja has a day but no hour. */
export interface PujaEvent {
  id: string;
  title: string;
  start: string;
  allDay: true;
}

export function calendarEventsOf(orders: readonly Order[], titleOf: (order: Order) => string): PujaEvent[] {
  return orders.map((order) => ({
    id: String(order.id),
    title: titleOf(order),
    start: pujaDayOf(order.date),
    allDay: true,
  }));
}
