import type { EventClickArg } from '@fullcalendar/core';
import neLocale from '@fullcalendar/core/locales/ne';
import zhTwLocale from '@fullcalendar/core/locales/zh-tw';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { Language, Order } from '@puja/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlanLabel } from '../../../components/order-plan-label.tsx';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { usePhoneLayout } from '../hooks/use-phone-layout.ts';
import { calendarEventsOf } from '../utils/calendar-events.ts';
import { patronLabel } from '../utils/patron-label.ts';
import classes from './orders-calendar.module.css';

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];
const CALENDAR_LOCALES = [neLocale, zhTwLocale];
/** FullCalendar's name of each language's locale. */
const CALENDAR_LOCALE_NAMES: Record<Language, string> = { en: 'en', ne: 'ne', 'zh-Hant': 'zh-tw' };
const MONTH_VIEW = 'dayGridMonth';
const WEEK_VIEW = 'timeGridWeek';
/** A phone's first view: the month's days that have pujas, one under another, readable at 360 px. */
const LIST_VIEW = 'listMonth';
/** docs/product.md#fixed-values-and-formats (orders-calendar.tsx keeps the same space while this loads). */
const CALENDAR_HEIGHT = 800;

/** docs/product.md#fixed-values-and-formats: the first selectable year, and how many years ahead the calendar goes. */
const FIRST_YEAR = 2000;
const YEARS_AHEAD = 10;

export interface OrdersCalendarProps {
  /** The approved orders: each is an event on its puja's day. */
  orders: readonly Order[];
  onSelect: (orderId: number) => void;
}

/**
 * docs/product.md#staff-calendar and §9's calendar: month, week and day-list views with prev, today and next; at most two events
 * a day in the month, 800 px high; the week from 4:00 to 19:00 in half hours, starting on Sunday. Loaded
 * only through orders-calendar.tsx, which prepares FullCalendar's style element first.
 */
export function OrdersCalendarView({ orders, onSelect }: OrdersCalendarProps) {
  const { t, i18n } = useTranslation('staff');
  const text = useCatalogueText();
  const planLabel = usePlanLabel();
  const events = useMemo(
    () =>
      calendarEventsOf(orders, (order) => {
        const title = t('calendar.eventTitle', {
          puja: text(order.monastery_puja.puja, 'name'),
          name: patronLabel(order.user),
          number: order.number,
        });
        // An occurrence of a plan says which (docs/decisions/056).
        return order.plan ? `${title} · ${planLabel(order.plan)}` : title;
      }),
    [orders, t, text, planLabel],
  );
  const validRange = useMemo(
    () => ({ start: `${FIRST_YEAR}-01-01`, end: `${new Date().getFullYear() + YEARS_AHEAD + 1}-01-01` }),
    [],
  );

  // Read once: FullCalendar takes its first view when it starts; the buttons switch views afterwards.
  const phone = usePhoneLayout();
  const [initialView] = useState(phone ? LIST_VIEW : MONTH_VIEW);
  const [view, setView] = useState(initialView);

  function handleEventClick(click: EventClickArg) {
    click.jsEvent.preventDefault();
    onSelect(Number(click.event.id));
  }

  return (
    <div className={classes.calendar}>
      <FullCalendar
        plugins={PLUGINS}
        // Month and weekday names and the title in the active language; our own words below win over the
        // locale's.
        locales={CALENDAR_LOCALES}
        locale={CALENDAR_LOCALE_NAMES[i18n.language as Language] ?? 'en'}
        initialView={initialView}
        // A phone has no room for the week's columns: its views are the list of days, one day, and the month.
        headerToolbar={{
          left: 'prev,today,next',
          center: 'title',
          right: phone ? 'listMonth,listDay,dayGridMonth' : 'dayGridMonth,timeGridWeek,listDay',
        }}
        views={{
          listMonth: { buttonText: t('calendar.monthList') },
          dayGridMonth: { buttonText: t('calendar.month') },
          timeGridWeek: { buttonText: t('calendar.week') },
          listDay: { buttonText: t('calendar.dayList') },
        }}
        // FullCalendar's arrow icons are an unlabelled role="img": words instead, read by screen readers too.
        buttonIcons={false}
        buttonText={{ prev: t('calendar.previous'), next: t('calendar.next'), today: t('calendar.today') }}
        // FullCalendar puts the unit ('month', 'week', 'day') where `$0` stands.
        buttonHints={{
          prev: t('calendar.previousHint', { unit: '$0' }),
          next: t('calendar.nextHint', { unit: '$0' }),
          today: t('calendar.todayHint', { unit: '$0' }),
        }}
        allDayText={t('calendar.allDay')}
        noEventsText={t('calendar.noEvents')}
        moreLinkText={(hidden) => t('calendar.more', { number: hidden })}
        // FullCalendar's "+N more" is a link without an address carrying aria-expanded, which only a
        // button may carry: it opens a popover, so it is a button to assistive technology too.
        moreLinkDidMount={({ el }) => el.setAttribute('role', 'button')}
        // The week shows its whole 4:00–19:00 day at once: in 800 px it would scroll inside a box that a
        // keyboard cannot reach.
        height={view === WEEK_VIEW || view === LIST_VIEW ? 'auto' : CALENDAR_HEIGHT}
        datesSet={(shown) => setView(shown.view.type)}
        dayMaxEvents={2}
        weekends
        firstDay={0}
        slotMinTime="04:00:00"
        slotMaxTime="19:00:00"
        slotDuration="00:30:00"
        validRange={validRange}
        events={events}
        // Events take focus and open with Enter, not only with a mouse.
        eventInteractive
        eventClick={handleEventClick}
      />
    </div>
  );
}
