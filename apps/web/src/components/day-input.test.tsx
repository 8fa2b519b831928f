import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { DayInput } from './day-input.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A form's day field as callers hold it: the day or null, with what the caller says about it. */
function Field({
  initial = null,
  error,
  onDay,
}: {
  initial?: string | null;
  error?: ReactNode;
  onDay?: (day: string | null) => void;
}) {
  const [day, setDay] = useState<string | null>(initial);
  return (
    <>
      <DayInput
        label="Date"
        minDate="2026-11-24"
        maxDate="2027-11-24"
        value={day}
        onChange={(next) => {
          setDay(next);
          onDay?.(next);
        }}
        error={error}
      />
      <output data-testid="day">{day ?? 'none'}</output>
      <button type="button">Elsewhere</button>
    </>
  );
}

function renderField(language: string, field: ReactNode = <Field />) {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(language);
  render(
    <AppProviders queryClient={new QueryClient()} mantineEnv="test">
      {field}
    </AppProviders>,
  );
  return { user: userEvent.setup(), box: screen.getByRole('textbox', { name: 'Date' }) };
}

const chosenDay = () => screen.getByTestId('day').textContent;

describe('DayInput', () => {
  it.each([
    ['en-GB', '28/11/2026', 'November 28, 2026'],
    ['en-US', '11/28/2026', 'November 28, 2026'],
    ['en-GB', '11/28/2026', 'November 28, 2026'],
    ['en-US', '28.11.2026', 'November 28, 2026'],
    ['en-GB', '03/04/2027', 'April 3, 2027'],
    ['en-US', '03/04/2027', 'March 4, 2027'],
    ['ne-NP', '03/04/2027', 'April 3, 2027'],
    ['ne-NP', '२०२६-११-२८', 'November 28, 2026'],
  ])('in %s, takes %j and shows it back as %s on leaving', async (language, typed, shown) => {
    const { user, box } = renderField(language);

    await user.type(box, typed);
    await user.tab();

    expect(box).toHaveValue(shown);
    expect(box).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps text it cannot read, chooses no day, and says what it expects in the browser’s order', async () => {
    const { user, box } = renderField('en-GB');

    await user.type(box, '31/31/2026');
    await user.tab();

    expect(box).toHaveValue('31/31/2026');
    expect(chosenDay()).toBe('none');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Type the date as 28/11/2026 or pick it in the calendar.')).toBeInTheDocument();
  });

  it.each([
    ['en-US', '11/28/2026'],
    ['ne-NP', '2026-11-28'],
  ])('gives the example as %s writes dates: %s', async (language, example) => {
    const { user, box } = renderField(language);

    await user.type(box, 'next tuesday');
    await user.tab();

    expect(screen.getByText(`Type the date as ${example} or pick it in the calendar.`)).toBeInTheDocument();
  });

  it('keeps unreadable text over a day chosen before, which it drops, and takes a day typed again', async () => {
    const onDay = vi.fn();
    const { user, box } = renderField('en-GB', <Field initial="2026-12-01" onDay={onDay} />);
    expect(box).toHaveValue('December 1, 2026');

    // Typed over the chosen day's text, which the field keeps chosen until it is left.
    await user.tripleClick(box);
    await user.keyboard('28/13/2026');
    expect(chosenDay()).toBe('2026-12-01');
    await user.tab();

    expect(box).toHaveValue('28/13/2026');
    expect(chosenDay()).toBe('none');
    expect(onDay).toHaveBeenLastCalledWith(null);
    expect(screen.getByText('Type the date as 28/11/2026 or pick it in the calendar.')).toBeInTheDocument();

    // Back in the field: the text is still there to correct, and the message until a day is taken.
    await user.click(box);
    expect(box).toHaveValue('28/13/2026');
    await user.tab();
    expect(box).toHaveValue('28/13/2026');
    expect(screen.getByText(/^Type the date as/)).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, '13/12/2026');
    expect(screen.queryByText(/^Type the date as/)).not.toBeInTheDocument();
    await user.tab();
    expect(box).toHaveValue('December 13, 2026');
    expect(chosenDay()).toBe('2026-12-13');
    expect(box).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps a day outside the range as typed, and says which days it takes', async () => {
    const { user, box } = renderField('en-GB');

    await user.type(box, '01/01/2026');
    await user.tab();

    expect(box).toHaveValue('01/01/2026');
    expect(chosenDay()).toBe('none');
    expect(screen.getByText('Choose a day from November 24, 2026 to November 24, 2027.')).toBeInTheDocument();
  });

  it("shows the caller's own message for a day outside the range", async () => {
    const { user, box } = renderField('en-GB', <Field error="The date cannot be earlier than today." />);

    await user.type(box, '01/01/2026');
    await user.tab();

    expect(box).toHaveValue('01/01/2026');
    expect(screen.getByText('The date cannot be earlier than today.')).toBeInTheDocument();
    expect(screen.queryByText(/^Choose a day from/)).not.toBeInTheDocument();
  });

  it('empties kept text with its clear button', async () => {
    const { user, box } = renderField('en-GB', <Field initial="2026-12-01" />);

    await user.tripleClick(box);
    await user.keyboard('soon');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(box).toHaveValue('soon');

    await user.click(screen.getByRole('button', { name: 'Clear the date' }));

    expect(box).toHaveValue('');
    expect(chosenDay()).toBe('none');
    expect(screen.queryByText(/^Type the date as/)).not.toBeInTheDocument();
  });
});
