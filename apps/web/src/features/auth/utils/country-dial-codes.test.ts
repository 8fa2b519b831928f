import { describe, expect, it } from 'vitest';
import { defaultCountryCode, listCountryDialCodes } from './country-dial-codes.ts';

describe('listCountryDialCodes', () => {
  const countries = listCountryDialCodes('en');

  it('lists about 240 countries with names, dial codes and flags, alphabetically', () => {
    expect(countries.length).toBeGreaterThan(200);
    expect(countries).toContainEqual({ code: 'NP', dial_code: '+977', name: 'Nepal', emoji: '🇳🇵' });
    const names = countries.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('preselects Nepal, the +977 default', () => {
    expect(defaultCountryCode(countries)).toBe('NP');
  });
});
