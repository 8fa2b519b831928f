import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './redirect-target.ts';

describe('safeRedirectTarget', () => {
  it('follows paths on this site, with their query', () => {
    expect(safeRedirectTarget('/orders?oid=3')).toBe('/orders?oid=3');
  });

  it('refuses other sites and empty values', () => {
    expect(safeRedirectTarget('https://evil.example/')).toBeNull();
    expect(safeRedirectTarget('//evil.example/')).toBeNull();
    expect(safeRedirectTarget('/\\evil.example/')).toBeNull();
    expect(safeRedirectTarget('')).toBeNull();
    expect(safeRedirectTarget(null)).toBeNull();
  });
});
