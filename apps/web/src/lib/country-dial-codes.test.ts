import { hasFlag } from 'country-flag-icons';
import { describe, expect, it } from 'vitest';
import { defaultCountryCode, dialCodeOf, listCountryDialCodes } from './country-dial-codes.ts';

describe('listCountryDialCodes', () => {
  const countries = listCountryDialCodes('en');

  it('lists about 240 countries with names, dial codes and flags, alphabetically', () => {
    expect(countries.length).toBeGreaterThan(200);
    expect(countries).toContainEqual({ code: 'NP', dial_code: '+977', name: 'Nepal' });
    const names = countries.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('has a flag picture for every country it lists', () => {
    expect(countries.filter((country) => !hasFlag(country.code)).map((country) => country.code)).toEqual([]);
  });

  it('preselects Nepal, the +977 default', () => {
    expect(defaultCountryCode(countries)).toBe('NP');
  });
});

describe('dialCodeOf', () => {
  it('gives the dial code of a listed country, and nothing for a code not listed', () => {
    const countries = listCountryDialCodes('en');
    expect(dialCodeOf(countries, 'US')).toBe('+1');
    expect(dialCodeOf(countries, 'XX')).toBe('');
  });
});
