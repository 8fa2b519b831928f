import { describe, expect, it } from 'vitest';
import { parseTypedDay } from './typed-day.ts';

describe('parseTypedDay', () => {
  it.each([
    ['2026-12-01', '2026-12-01'],
    ['2026-1-5', '2026-01-05'],
    ['2026/12/01', '2026-12-01'],
    ['  2026.12.01 ', '2026-12-01'],
    // As the field shows a chosen day, so editing that text keeps working.
    ['December 1, 2026', '2026-12-01'],
    ['december 1 2026', '2026-12-01'],
    ['Dec. 1st, 2026', '2026-12-01'],
    ['Sept 30, 2026', '2026-09-30'],
    ['1 December 2026', '2026-12-01'],
    ['29 Feb 2028', '2028-02-29'],
  ])('reads %j as %s', (text, day) => {
    expect(parseTypedDay(text)).toBe(day);
  });

  it.each([
    '',
    '2026-12',
    '2026-12-0',
    '2026-02-30',
    '2026-13-01',
    '29 Feb 2027',
    // Numbers alone in a local order read differently in Nepal and in the US.
    '1/12/2026',
    '12/1/2026',
    'Ma 1, 2026',
    'Smarch 1, 2026',
    'tomorrow',
  ])('refuses %j', (text) => {
    expect(parseTypedDay(text)).toBeNull();
  });
});
