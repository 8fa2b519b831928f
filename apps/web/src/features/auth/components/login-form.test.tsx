import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { getSession } from '../../../lib/session.ts';
import { stubApi } from '../../../test/render-app.tsx';
import type { TurnstileApi, TurnstileRenderOptions } from '../utils/load-turnstile.ts';
import { LoginForm } from './login-form.tsx';

const user = { id: 3, name: '', email: null, phone: '+9779812345678', role: 'user', monastery_id: null };
const noCaptcha = { body: { captcha: { provider: 'none', site_key: null } } };

function renderForm() {
  const onSignedIn = vi.fn();
  render(
    <AppProviders queryClient={new QueryClient()} mantineEnv="test">
      <LoginForm onSignedIn={onSignedIn} />
    </AppProviders>,
  );
  return onSignedIn;
}

/** The form data of each call to `path`, in order. */
function bodiesSentTo(fetchMock: ReturnType<typeof stubApi>, path: string): FormData[] {
  return fetchMock.mock.calls
    .filter(([input]) => String(input) === path)
    .map(([, init]) => init?.body as FormData);
}

describe('LoginForm', () => {
  it('checks the number with the contract rules before sending anything', async () => {
    const fetchMock = stubApi({ '/api/client-config': noCaptcha });
    renderForm();
    const events = userEvent.setup();

    await events.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Phone is required.')).toBeInTheDocument();

    await events.type(screen.getByRole('textbox', { name: /Phone number/ }), '98-12');
    await events.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Phone must contain digits only.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/send-otp')).toEqual([]);
  });

  it('sends the code request with +977 by default, then signs in with the code', async () => {
    const fetchMock = stubApi({
      '/api/client-config': noCaptcha,
      '/api/send-otp': { body: { message: 'SMS Sent' } },
      '/api/login-phone': { body: { token: 'session-token', user } },
    });
    const onSignedIn = renderForm();
    const events = userEvent.setup();

    expect(screen.getByRole('textbox', { name: 'Country code' })).toHaveValue('🇳🇵 +977 Nepal');
    await events.type(screen.getByRole('textbox', { name: /Phone number/ }), '9812345678');
    await events.click(screen.getByRole('button', { name: 'Send OTP' }));

    expect(await screen.findByText('SMS Sent')).toBeInTheDocument();
    const [sent] = bodiesSentTo(fetchMock, '/api/send-otp');
    expect([sent?.get('code'), sent?.get('phone'), sent?.has('captcha')]).toEqual([
      '+977',
      '9812345678',
      false,
    ]);

    await events.type(await screen.findByRole('textbox', { name: /One-time code/ }), '123456');
    await events.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByText("You're Logged In")).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('session-token');
    expect(getSession()).toMatchObject({ token: 'session-token', user_id: 3, role: 'user', name: '' });
    expect(onSignedIn).toHaveBeenCalledWith({ token: 'session-token', user });
    const [login] = bodiesSentTo(fetchMock, '/api/login-phone');
    expect([login?.get('code'), login?.get('phone'), login?.get('otp')]).toEqual([
      '+977',
      '9812345678',
      '123456',
    ]);
  });

  it("shows the server's message when the code cannot be sent", async () => {
    stubApi({
      '/api/client-config': noCaptcha,
      '/api/send-otp': {
        status: 429,
        body: { message: 'Too many requests. Try again after a few minutes.' },
      },
    });
    renderForm();
    const events = userEvent.setup();

    await events.type(screen.getByRole('textbox', { name: /Phone number/ }), '9812345678');
    await events.click(screen.getByRole('button', { name: 'Send OTP' }));

    expect(await screen.findByText('Too many requests. Try again after a few minutes.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /One-time code/ })).not.toBeInTheDocument();
  });

  it('says when the code does not match, stays signed out, and can send a new code', async () => {
    const fetchMock = stubApi({
      '/api/client-config': noCaptcha,
      '/api/send-otp': { body: { message: 'SMS Sent' } },
      '/api/login-phone': { status: 401, body: { message: 'OTP does not match' } },
    });
    const onSignedIn = renderForm();
    const events = userEvent.setup();

    await events.type(screen.getByRole('textbox', { name: /Phone number/ }), '9812345678');
    await events.click(screen.getByRole('button', { name: 'Send OTP' }));
    await events.type(await screen.findByRole('textbox', { name: /One-time code/ }), '000000');
    await events.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByText('OTP does not match')).toBeInTheDocument();
    expect(screen.queryByText('Session Expired')).not.toBeInTheDocument();
    expect(getSession().token).toBeNull();
    expect(onSignedIn).not.toHaveBeenCalled();

    await events.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, '/api/send-otp')).toHaveLength(2));
    expect(screen.getByRole('textbox', { name: /One-time code/ })).toHaveValue('');
  });

  it('signs staff in with e-mail and password', async () => {
    const admin = { ...user, id: 1, name: 'Demo Administrator', email: 'admin@example.com', role: 'admin' };
    const fetchMock = stubApi({
      '/api/client-config': noCaptcha,
      '/api/login': [
        { status: 401, body: { message: 'Wrong e-mail or password.' } },
        { body: { token: 'admin-token', user: admin } },
      ],
    });
    const onSignedIn = renderForm();
    const events = userEvent.setup();

    await events.click(screen.getByText('E-mail and password'));
    await events.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Password is required.')).toBeInTheDocument();

    await events.type(screen.getByRole('textbox', { name: /E-mail/ }), 'Admin@Example.com');
    await events.type(screen.getByLabelText(/Password/), 'wrong');
    await events.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Wrong e-mail or password.')).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText("You're Logged In")).toBeInTheDocument();
    expect(onSignedIn).toHaveBeenCalledWith({ token: 'admin-token', user: admin });
    const [first] = bodiesSentTo(fetchMock, '/api/login');
    expect([first?.get('email'), first?.get('password')]).toEqual(['admin@example.com', 'wrong']);
  });

  it('shows the bot check when the server asks for one, and sends its token once', async () => {
    let options: TurnstileRenderOptions | undefined;
    const turnstile: TurnstileApi = {
      render: vi.fn((_container, given: TurnstileRenderOptions) => {
        options = given;
        return 'widget-1';
      }),
      reset: vi.fn(),
      remove: vi.fn(),
    };
    vi.stubGlobal('turnstile', turnstile);
    const fetchMock = stubApi({
      '/api/client-config': { body: { captcha: { provider: 'turnstile', site_key: 'site-key-1' } } },
      '/api/send-otp': { body: { message: 'SMS Sent' } },
    });
    renderForm();
    const events = userEvent.setup();

    await waitFor(() => expect(turnstile.render).toHaveBeenCalled());
    expect(options?.sitekey).toBe('site-key-1');
    await events.type(screen.getByRole('textbox', { name: /Phone number/ }), '9812345678');
    await events.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Please complete the bot check first.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/send-otp')).toEqual([]);

    act(() => options?.callback('solved-token'));
    await events.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('SMS Sent')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/send-otp')[0]?.get('captcha')).toBe('solved-token');
  });
});
