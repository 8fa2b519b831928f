import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { OrdersCalendarProps } from './orders-calendar-view.tsx';

/** The month view's height (docs/product.md#fixed-values-and-formats), kept while FullCalendar loads. */
const CALENDAR_HEIGHT = 800;

// FullCalendar injects its own CSS, with the page's nonce (read from <meta name="csp-nonce">).
const OrdersCalendarView = lazy(async () => {
  const { OrdersCalendarView: View } = await import('./orders-calendar-view.tsx');
  return { default: View };
});

/** The approved orders on a calendar (docs/product.md#staff-calendar); its place is kept while FullCalendar loads. */
export function OrdersCalendar(props: OrdersCalendarProps) {
  return (
    <Suspense fallback={<Skeleton height={CALENDAR_HEIGHT} radius="md" />}>
      <OrdersCalendarView {...props} />
    </Suspense>
  );
}
