import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { prepareFullCalendarStyles } from '../utils/fullcalendar-styles.ts';
import type { OrdersCalendarProps } from './orders-calendar-view.tsx';

/** The month view's height (SPEC §9), kept while FullCalendar loads. */
const CALENDAR_HEIGHT = 800;

// FullCalendar injects its CSS the moment its modules run: its style element must be ready before that.
const OrdersCalendarView = lazy(async () => {
  prepareFullCalendarStyles();
  const { OrdersCalendarView: View } = await import('./orders-calendar-view.tsx');
  return { default: View };
});

/** The approved orders on a calendar (SPEC §2); its place is kept while FullCalendar loads. */
export function OrdersCalendar(props: OrdersCalendarProps) {
  return (
    <Suspense fallback={<Skeleton height={CALENDAR_HEIGHT} radius="md" />}>
      <OrdersCalendarView {...props} />
    </Suspense>
  );
}
