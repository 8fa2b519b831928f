import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import '../../../lib/orders-strings.ts';
import { activateLanguage } from '../../../lib/i18n.ts';
import { TibetanDate, TibetanDayNote, useLunarDayPicker } from './tibetan-day.tsx';

const renderInApp = (element: ReactNode) =>
  render(
    <AppProviders queryClient={new QueryClient()} mantineEnv="test">
      {element}
    </AppProviders>,
  );

/** One day of the picker, as DayInput draws it with the hook's props. */
function PickerDay({ date }: { date: string }) {
  const picker = useLunarDayPicker();
  return (
    <button type="button" {...picker.getDayProps(date)}>
      {picker.renderDay(date)}
    </button>
  );
}

describe('the Tibetan calendar in the order form', () => {
  afterEach(() => activateLanguage('en'));

  it('names Saga Dawa Düchen 2024 (published: 23 May) under the date field', () => {
    renderInApp(<TibetanDayNote date="2024-05-23" />);
    const note = screen.getByTestId('tibetan-day');
    expect(note).toHaveTextContent('Tibetan calendar: Month 4, lunar day 15');
    expect(note).toHaveTextContent('Full moon');
    expect(note).toHaveTextContent('Saga Dawa Düchen');
    // Bikram Sambat is for Nepali readers only.
    expect(note).not.toHaveTextContent('BS');
  });

  it('says which of a doubled day keeps its observances: the second', () => {
    renderInApp(
      <>
        <TibetanDayNote date="2022-02-08" />
        <TibetanDayNote date="2022-02-09" />
      </>,
    );
    const [first, second] = screen.getAllByTestId('tibetan-day');
    expect(first).toHaveTextContent('this is the first, and its observances are on the second');
    expect(first).not.toHaveTextContent('Medicine Buddha day');
    expect(second).toHaveTextContent('Medicine Buddha day');
  });

  it('gives a Nepali reader the Bikram Sambat date and the Medicine Buddha day in Nepali', async () => {
    await activateLanguage('ne');
    renderInApp(<TibetanDayNote date="2022-02-09" />);
    const note = screen.getByTestId('tibetan-day');
    expect(note).toHaveTextContent('वि.सं. २०७८ माघ २६');
    expect(note).toHaveTextContent('तिब्बती पात्रो: १२ औं महिना, तिथि ८');
    expect(note).toHaveTextContent('भैषज्यगुरु (मेडिसिन बुद्ध) दिवस');
  });

  it('names Losar in Chinese', async () => {
    await activateLanguage('zh-Hant');
    renderInApp(<TibetanDayNote date="2024-02-10" />);
    expect(screen.getByTestId('tibetan-day')).toHaveTextContent('藏曆：1月1日藏曆新年');
  });

  it('gives the order page the day in one line', () => {
    renderInApp(<TibetanDate date="2025-06-20" />);
    // 2025-06-20 carries the 24th; the 25th, skipped, ends on it (computed, and a dakini day either way).
    expect(screen.getByTestId('tibetan-date')).toHaveTextContent(
      'Month 4, lunar day 24 · Dakini day · Lunar day 25 has no day of its own this month; its observances are held on this day.',
    );
  });

  it('shows each day of the picker with its lunar day, special days named in its description', () => {
    renderInApp(
      <>
        <PickerDay date="2024-05-23" />
        <PickerDay date="2024-05-24" />
      </>,
    );
    const [sagaDawa, next] = screen.getAllByRole('button');
    expect(sagaDawa).toHaveAccessibleDescription('Lunar day 15, Full moon, Saga Dawa Düchen');
    expect(sagaDawa).toHaveTextContent('2315');
    expect(next).toHaveAccessibleDescription('Lunar day 16');
  });
});
