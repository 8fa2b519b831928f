import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { activateLanguage } from '../lib/i18n.ts';
import { describePujaDay, PujaDay } from './puja-day.tsx';

const renderInApp = (element: ReactNode) =>
  render(
    <AppProviders queryClient={new QueryClient()} mantineEnv="test">
      {element}
    </AppProviders>,
  );

/** The order's date as the server sends it: the start of the Nepal day. */
const DECEMBER_FIRST = '2026-12-01T00:00:00+05:45';

describe('describePujaDay', () => {
  it('shows a patron in Los Angeles a 07:00 Nepal puja on the evening before, their time', () => {
    // 07:00 in Kathmandu is 01:15 UTC: 17:15 on 30 November in Los Angeles (UTC-8).
    expect(describePujaDay(DECEMBER_FIRST, '07:00', 'America/Los_Angeles')).toEqual({
      day: 'December 1st, 2026',
      nepalTime: '7:00 AM',
      yourTime: '5:15 PM',
      yourDate: 'November 30th, 2026',
    });
  });

  it('gives only the time when the patron’s date is the same', () => {
    expect(describePujaDay(DECEMBER_FIRST, '07:00', 'Australia/Sydney')).toEqual({
      day: 'December 1st, 2026',
      nepalTime: '7:00 AM',
      yourTime: '12:15 PM',
    });
  });

  it('adds nothing for a patron on Nepal time, and only the Nepal date when no time is set', () => {
    expect(describePujaDay(DECEMBER_FIRST, '07:00', 'Asia/Kathmandu')).toEqual({
      day: 'December 1st, 2026',
      nepalTime: '7:00 AM',
    });
    expect(describePujaDay(DECEMBER_FIRST, null, 'America/Los_Angeles')).toEqual({
      day: 'December 1st, 2026',
    });
  });
});

describe('a puja’s day in Nepali', () => {
  afterEach(() => activateLanguage('en'));

  it('gives the Bikram Sambat date beside the Gregorian one, and Nepal time in Devanagari', async () => {
    await activateLanguage('ne');
    expect(describePujaDay('2026-11-27T00:00:00+05:45', '07:00', 'Asia/Kathmandu')).toEqual({
      day: '२०२६ नोभेम्बर २७',
      bikramSambat: '२०८३ मंसिर ११',
      nepalTime: '०७:००',
    });
    renderInApp(<PujaDay date="2026-11-27T00:00:00+05:45" timeZone="Asia/Kathmandu" />);
    expect(screen.getByTestId('puja-day')).toHaveTextContent(
      '२०२६ नोभेम्बर २७ (नेपालको मिति) · वि.सं. २०८३ मंसिर ११',
    );
  });
});

describe('PujaDay', () => {
  it('marks the Nepal date and gives the patron’s own time and date', () => {
    renderInApp(<PujaDay date={DECEMBER_FIRST} time="07:00" timeZone="America/Los_Angeles" />);
    expect(screen.getByTestId('puja-day')).toHaveTextContent(
      'December 1st, 2026 (Nepal date) · 7:00 AM Nepal time · 5:15 PM on November 30th, 2026, your time',
    );
  });

  it('marks the Nepal date alone when no time is set', () => {
    renderInApp(<PujaDay date={DECEMBER_FIRST} timeZone="America/Los_Angeles" />);
    expect(screen.getByTestId('puja-day')).toHaveTextContent(/^December 1st, 2026 \(Nepal date\)$/);
  });
});
