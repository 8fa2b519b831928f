import { describe, expect, it } from 'vitest';
import { isPublicPagePath, localizedPath, splitLanguagePath } from './languages.ts';

describe('a public page’s address in each language (docs/decisions/047)', () => {
  it('prefixes the public pages with the language, none for English', () => {
    expect(localizedPath('/', 'ne')).toBe('/ne');
    expect(localizedPath('/?q=tara', 'zh-Hant')).toBe('/zh-Hant?q=tara');
    expect(localizedPath('/monastery/kopan-monastery?q=x&sort=lowToHigh', 'ne')).toBe(
      '/ne/monastery/kopan-monastery?q=x&sort=lowToHigh',
    );
    expect(localizedPath('/ne/pujas', 'zh-Hant')).toBe('/zh-Hant/pujas');
    expect(localizedPath('/zh-Hant/about', 'en')).toBe('/about');
    expect(localizedPath('/ne', 'en')).toBe('/');
  });

  it('leaves the signed-in pages, the back offices and the staff’s monastery pages as they are', () => {
    for (const path of [
      '/orders?oid=3',
      '/auth',
      '/admin/dashboard',
      '/monastery/dashboard',
      '/monastery/orders/12',
      '/monastery/run-sheet',
      '/monastery',
      '/api/puja',
    ]) {
      expect(localizedPath(path, 'ne'), path).toBe(path);
      expect(isPublicPagePath(path), path).toBe(false);
    }
    // A monastery whose slug starts like a staff page is still a public page.
    expect(isPublicPagePath('/monastery/dashboard-hill-gompa')).toBe(true);
  });

  it('reads the language back out of an address, only our own', () => {
    expect(splitLanguagePath('/ne/pujas?q=1')).toEqual({ language: 'ne', path: '/pujas?q=1' });
    expect(splitLanguagePath('/zh-Hant')).toEqual({ language: 'zh-Hant', path: '/' });
    expect(splitLanguagePath('/ne?q=1')).toEqual({ language: 'ne', path: '/?q=1' });
    expect(splitLanguagePath('/en/pujas')).toEqual({ language: undefined, path: '/en/pujas' });
    expect(splitLanguagePath('/new-page')).toEqual({ language: undefined, path: '/new-page' });
    expect(splitLanguagePath('/zh-hant/pujas')).toEqual({ language: undefined, path: '/zh-hant/pujas' });
  });
});
