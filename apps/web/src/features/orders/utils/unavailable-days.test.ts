import { describe, expect, it } from 'vitest';
import { monthOf, runsOf } from './unavailable-days.ts';

describe('runsOf', () => {
  it('joins consecutive days with the same reason and message, and keeps others apart', () => {
    expect(
      runsOf([
        { date: '2026-10-03', reason: 'closed', message: 'Losar retreat' },
        { date: '2026-10-02', reason: 'closed', message: 'Losar retreat' },
        { date: '2026-10-04', reason: 'closed', message: 'Another' },
        { date: '2026-10-05', reason: 'full', message: null },
        { date: '2026-10-07', reason: 'full', message: null },
      ]),
    ).toEqual([
      { first: '2026-10-02', last: '2026-10-03', reason: 'closed', message: 'Losar retreat' },
      { first: '2026-10-04', last: '2026-10-04', reason: 'closed', message: 'Another' },
      { first: '2026-10-05', last: '2026-10-05', reason: 'full', message: null },
      { first: '2026-10-07', last: '2026-10-07', reason: 'full', message: null },
    ]);
  });

  it('names the first of a month', () => {
    expect(monthOf('2026-12-31')).toBe('2026-12-01');
  });
});
