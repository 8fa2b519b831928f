import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, signIn } from '../../../lib/session.ts';
import { renderRoutes, stubApi } from '../../../test/render-app.tsx';
import { TYPING_INTERVAL_MS } from '../hooks/use-typed-text.ts';
import { LetsBeginPage } from './lets-begin-page.tsx';

const GREETING = 'Tashi Delek, and welcome! Before we begin, may we know your full name?';
const THANKS = 'Thank you, Tenzin! What e-mail address can we reach you at about your pujas?';

const newcomer = {
  id: 7,
  name: '',
  email: null,
  phone: '+9779812345670',
  role: 'user',
  monastery_id: null,
} as const;

function renderPage(path = '/lets-begin?redirect=%2Forders') {
  signIn({ token: 'new-token', user: newcomer });
  return renderRoutes(
    [
      { path: '/lets-begin', element: <LetsBeginPage /> },
      { path: '/orders', element: <p>Orders page</p> },
      { path: '/monasteries', element: <p>Monasteries page</p> },
    ],
    path,
  );
}

function typed(index = 0): string {
  return screen.getAllByTestId('typed-message')[index]?.textContent ?? '';
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** Lets the whole greeting type out. */
function finishGreeting() {
  advance(Array.from(GREETING).length * TYPING_INTERVAL_MS);
}

function continueWithName(name: string) {
  fireEvent.change(screen.getByRole('textbox', { name: /Full Name/ }), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('LetsBeginPage', () => {
  it('types the greeting at 45 ms per character, then asks for the name', () => {
    stubApi({});
    renderPage();

    expect(typed()).toBe('');
    expect(screen.queryByRole('textbox', { name: /Full Name/ })).not.toBeInTheDocument();
    advance(5 * TYPING_INTERVAL_MS);
    expect(typed()).toBe('Tashi');
    advance(TYPING_INTERVAL_MS);
    expect(typed()).toBe('Tashi ');

    finishGreeting();
    expect(typed()).toBe(GREETING);
    expect(screen.getByRole('textbox', { name: /Full Name/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('warns when the name is not a full name, and does not go on', async () => {
    stubApi({});
    const toast = vi.spyOn(notifications, 'show');
    renderPage();
    finishGreeting();

    continueWithName('Tenzin');
    advance(5000);

    // The toast module loads on first use (lib/notify.ts).
    await vi.waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Oops, can you give us your full name?', color: 'yellow' }),
      ),
    );
    expect(screen.getAllByTestId('typed-message')).toHaveLength(1);
    expect(screen.queryByRole('textbox', { name: /E-mail/ })).not.toBeInTheDocument();
  });

  it('blocks the Enter key in the form', () => {
    const fetchMock = stubApi({});
    renderPage();
    finishGreeting();

    const nameInput = screen.getByRole('textbox', { name: /Full Name/ });
    fireEvent.change(nameInput, { target: { value: 'Tenzin Norbu' } });
    // fireEvent returns false when the event's default action was prevented.
    expect(fireEvent.keyDown(nameInput, { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(nameInput, { key: 'a' })).toBe(true);
    advance(5000);

    expect(screen.getAllByTestId('typed-message')).toHaveLength(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('thanks by first name after 300 ms, asks for the e-mail, saves and continues', async () => {
    const saved = { ...newcomer, name: 'Tenzin Norbu', email: 'tenzin@example.com' };
    const fetchMock = stubApi({ '/api/update-user-details': { body: { user: saved } } });
    const { router } = renderPage();
    finishGreeting();

    continueWithName('Tenzin Norbu');
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    advance(299);
    expect(screen.getAllByTestId('typed-message')).toHaveLength(1);
    advance(1);
    expect(typed(1)).toBe('');
    advance(Array.from(THANKS).length * TYPING_INTERVAL_MS);
    expect(typed(1)).toBe(THANKS);

    const email = screen.getByRole('textbox', { name: /E-mail/ });
    expect(email).toHaveAttribute('type', 'email');
    fireEvent.change(email, { target: { value: 'tenzin@example.com' } });
    expect(fireEvent.keyDown(email, { key: 'Enter' })).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Begin Journey' }));
    // The save loads the contract on first use, which a busy machine takes longer than any fixed wait for.
    await act(() => vi.waitFor(() => expect(router.state.location.pathname).toBe('/orders')));

    const body = fetchMock.mock.calls[0]![1]?.body as FormData;
    expect([body.get('_method'), body.get('name'), body.get('email')]).toEqual([
      'patch',
      'Tenzin Norbu',
      'tenzin@example.com',
    ]);
    expect(getSession()).toMatchObject({ name: 'Tenzin Norbu', email: 'tenzin@example.com' });
    expect(router.state.location.pathname).toBe('/orders');
  });

  it('says inline when the e-mail is taken', async () => {
    stubApi({
      '/api/update-user-details': {
        status: 422,
        body: { message: 'Email already exists', errors: { email: ['Email already exists'] } },
      },
    });
    const { router } = renderPage('/lets-begin');
    finishGreeting();
    continueWithName('Tenzin Norbu');
    advance(300);
    advance(Array.from(THANKS).length * TYPING_INTERVAL_MS);

    fireEvent.change(screen.getByRole('textbox', { name: /E-mail/ }), {
      target: { value: 'admin@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Begin Journey' }));
    await act(() => vi.waitFor(() => expect(screen.getByText('Email already exists')).toBeInTheDocument()));

    expect(screen.getByText('Email already exists')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lets-begin');
    expect(getSession().name).toBe('');
  });

  it('shows the whole text at once to people who ask for less motion', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('prefers-reduced-motion'),
          media: query,
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
        }) as unknown as MediaQueryList,
    );
    stubApi({});
    renderPage();
    advance(0);

    expect(typed()).toBe(GREETING);
    expect(screen.getByRole('textbox', { name: /Full Name/ })).toBeInTheDocument();
  });
});
