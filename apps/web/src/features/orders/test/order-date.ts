import { within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

type User = ReturnType<typeof userEvent.setup>;

/** The order form's date field: Mantine's DateInput, a text box that also opens a calendar. */
export function orderDateField(container: HTMLElement): HTMLElement {
  return within(container).getByRole('textbox', { name: /^Date/ });
}

/** Types `text` into the date field and leaves it with Tab, as someone on a keyboard would. */
export async function typeOrderDate(user: User, container: HTMLElement, text: string) {
  const field = orderDateField(container);
  await user.clear(field);
  await user.type(field, text);
  await user.tab();
}

/**
 * `2026-12-01` as the calendar names its day buttons (`1 December 2026`). Read in UTC, so the name does
 * not depend on the zone the tests run in.
 */
export function calendarDayName(isoDay: string): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  const month = date.toLocaleString('en', { month: 'long', timeZone: 'UTC' });
  return `${date.getUTCDate()} ${month} ${date.getUTCFullYear()}`;
}

/** `2026-12-01` as the date field shows it once chosen (DAY_INPUT_FORMAT): `December 1, 2026`. */
export function orderDateText(isoDay: string): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  const month = date.toLocaleString('en', { month: 'long', timeZone: 'UTC' });
  return `${month} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/**
 * Opens the date field's calendar and clicks the day `isoDay`, a month at a time forward to it. The
 * tests render without portals (Mantine's test environment), so the calendar is inside `container`.
 */
export async function pickOrderDate(user: User, container: HTMLElement, isoDay: string) {
  await user.click(orderDateField(container));
  const name = calendarDayName(isoDay);
  const dayButton = () =>
    within(container)
      .queryAllByRole('button', { name })
      .find((button) => !button.hasAttribute('data-outside'));
  for (let month = 0; month < 13 && !dayButton(); month++) {
    await user.click(within(container).getByRole('button', { name: 'Next month' }));
  }
  const button = dayButton();
  if (!button) throw new Error(`The calendar never showed ${name}`);
  await user.click(button);
}
