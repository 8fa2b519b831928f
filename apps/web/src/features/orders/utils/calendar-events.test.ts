import { describe, expect, it } from 'vitest';
import { orderFixture } from '../../../test/order-fixtures.ts';
import { calendarEventsOf } from './calendar-events.ts';

describe('calendar events', () => {
  it("puts each order on its puja's day in Nepal, whatever the browser's time zone", () => {
    const orders = [
      orderFixture({ id: 41, date: '2026-12-01T00:00:00+05:45' }),
      orderFixture({ id: 42, date: '2027-01-15T00:00:00+05:45' }),
    ];

    expect(calendarEventsOf(orders, (order) => `#${order.id}`)).toEqual([
      { id: '41', title: '#41', start: '2026-12-01', allDay: true },
      { id: '42', title: '#42', start: '2027-01-15', allDay: true },
    ]);
  });
});
