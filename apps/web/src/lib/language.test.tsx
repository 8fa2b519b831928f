import type { SessionUser } from '@puja/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../app/routes.tsx';
import staffStrings from '../locales/en/staff.json';
import { renderRoutes, stubApi } from '../test/render-app.tsx';
import { buildHeaders } from './api-client.ts';
import { formatMoney, formatPujaDate } from './formatting.ts';
import { activateLanguage, i18n, registerStrings } from './i18n.ts';
import { guessLanguage, readLanguageCookie } from './language.ts';
import { adoptAccountLanguage } from './language-choice.ts';
import { signIn } from './session.ts';

const patron: SessionUser = {
  id: 3,
  name: 'Demo Patron',
  email: 'patron@example.com',
  phone: '+9779800000003',
  role: 'user',
  monastery_id: null,
  language: null,
};

const cookieLanguage = () => readLanguageCookie(document.cookie);

afterEach(async () => {
  // Unmounted first: a move's effect that React has not run yet (the router renders moves as transitions)
  // would otherwise switch the language back after this reset, into the next test.
  cleanup();
  await activateLanguage('en');
  // biome-ignore lint/suspicious/noDocumentCookie: forgetting the cookie the test wrote.
  document.cookie = 'lang=; path=/; max-age=0';
});

describe('the first guess from the browser', () => {
  it('takes the first language of the browser’s list that we have, Chinese of any kind as Traditional', () => {
    expect(guessLanguage(['ne-NP', 'en'])).toBe('ne');
    expect(guessLanguage(['ne'])).toBe('ne');
    for (const chinese of ['zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant', 'zh-Hant-TW', 'zh-CN', 'zh']) {
      expect(guessLanguage([chinese])).toBe('zh-Hant');
    }
    expect(guessLanguage(['en-US', 'ne'])).toBe('en');
    expect(guessLanguage(['fr-FR', 'zh-TW'])).toBe('zh-Hant');
    expect(guessLanguage(['de', 'fr'])).toBe('en');
    expect(guessLanguage([])).toBe('en');
  });

  it('reads only our languages from the cookie', () => {
    expect(readLanguageCookie('a=1; lang=zh-Hant; b=2')).toBe('zh-Hant');
    expect(readLanguageCookie('lang=fr')).toBeNull();
    expect(readLanguageCookie('language=ne')).toBeNull();
  });
});

describe('the language switch in the top bar', () => {
  it('changes the page’s text, <html lang> and the cookie, without asking the API for a visitor', async () => {
    const fetchMock = stubApi({
      '/api/monastery': { body: { monasteries: [] } },
      '/api/puja': { body: { pujas: [] } },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/');
    expect(document.documentElement.lang).toBe('en');

    const languageSelect = screen.getByRole('combobox', { name: 'Language' });
    expect(
      within(languageSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'नेपाली', '繁體中文']);
    await user.selectOptions(languageSelect, 'ne');

    const nav = (await screen.findAllByRole('navigation', { name: 'मुख्य नेभिगेसन' }))[0]!;
    expect(within(nav).getByRole('link', { name: 'गुम्बाहरू' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'भाषा' })).toHaveValue('ne');
    expect(document.documentElement.lang).toBe('ne');
    expect(cookieLanguage()).toBe('ne');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/me/language');
    // The page moves to its Nepali address once the interface has switched (docs/decisions/047).
    await waitFor(() => expect(router.state.location.pathname).toBe('/ne'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'भाषा' }), 'zh-Hant');
    expect((await screen.findAllByRole('link', { name: '寺院' }))[0]).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/zh-Hant'));
    // <html lang> follows the interface's language once its strings have loaded, a moment after the address.
    await waitFor(() => expect(document.documentElement.lang).toBe('zh-Hant'));
    // The address's effect remembers its language too, and React may run the one for `/ne` late: the
    // cookie ends in the language chosen last.
    await waitFor(() => expect(cookieLanguage()).toBe('zh-Hant'));
  });

  it('stores the language on the account of a signed-in person', async () => {
    signIn({ token: 'patron-token', user: patron });
    const fetchMock = stubApi({
      '/api/me': { body: { user: patron } },
      '/api/monastery': { body: { monasteries: [] } },
      '/api/puja': { body: { pujas: [] } },
      '/api/me/language': { body: { user: { ...patron, language: 'zh-Hant' } } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-Hant');

    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/me/language')).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/me/language')!;
    const body = init?.body as FormData;
    expect(init?.method).toBe('POST');
    expect(body.get('_method')).toBe('patch');
    expect(body.get('language')).toBe('zh-Hant');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer patron-token');
    expect(await screen.findByRole('combobox', { name: '語言' })).toHaveValue('zh-Hant');
  });
});

describe('the account’s language', () => {
  it('wins at sign-in and is remembered in the cookie', async () => {
    await adoptAccountLanguage({ ...patron, language: 'ne' });
    expect(i18n.language).toBe('ne');
    expect(cookieLanguage()).toBe('ne');
    expect(document.documentElement.lang).toBe('ne');
  });

  it('is taken from the browser’s remembered choice when the account has none', async () => {
    signIn({ token: 'patron-token', user: patron });
    // biome-ignore lint/suspicious/noDocumentCookie: the choice a visitor made before signing in.
    document.cookie = 'lang=zh-Hant; path=/';
    const fetchMock = stubApi({ '/api/me/language': { body: { user: { ...patron, language: 'zh-Hant' } } } });

    await adoptAccountLanguage(patron);

    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/me/language')!;
    expect((init!.body as FormData).get('language')).toBe('zh-Hant');
  });
});

describe('what follows the active language', () => {
  it('sends it to the API as Accept-Language', async () => {
    expect(buildHeaders(null).get('Accept-Language')).toBe('en');
    await activateLanguage('zh-Hant');
    expect(buildHeaders(null).get('Accept-Language')).toBe('zh-Hant');
  });

  it('writes rupees and puja days as the language does', async () => {
    expect(formatMoney(100000)).toBe('Rs. 1,00,000');
    expect(formatPujaDate('2026-11-28T00:00:00+05:45')).toBe('November 28th, 2026');
    await activateLanguage('ne');
    expect(formatMoney(100000)).toBe('रु. १,००,०००');
    expect(formatPujaDate('2026-11-28T00:00:00+05:45')).toBe('२०२६ नोभेम्बर २८');
    await activateLanguage('zh-Hant');
    expect(formatMoney(1500.5)).toBe('Rs. 1,500.50');
    expect(formatPujaDate('2026-11-28T00:00:00+05:45')).toBe('2026年11月28日');
  });

  it('loads a lazily registered namespace in the active language, and in the next one chosen', async () => {
    await activateLanguage('ne');
    await registerStrings('staff', staffStrings);
    expect(i18n.t('staff:dashboard.ordersHeading')).toBe('प्राप्त अर्डरहरू');
    await activateLanguage('zh-Hant');
    expect(i18n.t('staff:dashboard.ordersHeading')).toBe('收到的預約');
  });
});
