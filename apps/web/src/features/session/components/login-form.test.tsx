import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { getSession } from '../../../lib/session.ts';
import { stubApi } from '../../../test/render-app.tsx';
import type { TurnstileApi, TurnstileRenderOptions } from '../utils/load-turnstile.ts';
import { LoginForm } from './login-form.tsx';

const user = { id: 3, name: '', email: null, phone: '+9779812345678', role: 'user', monastery_id: null };
const noCaptcha = { body: { captcha: { provider: 'none', site_key: null } } };
const CHALLENGE = 'c'.repeat(43);
/** send-otp's answer: the challenge to bring back, where the code went, how long until another. */
function codeSent(resendAfterSeconds = 60, challenge = CHALLENGE) {
  return {
    body: {
      message: 'SMS Sent',
      challenge,
      phone: '+9779812345678',
      resend_after_seconds: resendAfterSeconds,
    },
  };
}

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

    await events.type(screen.getByRole('textbox', { name: /Phone number/ }), '98-12 CALL');
    await events.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(
      await screen.findByText('Phone may contain only digits, spaces, brackets, dashes and dots.'),
    ).toBeInTheDocument();

    await events.clear(screen.getByRole('textbox', { name: /Phone number/ }));
    await events.type(screen.getByRole('textbox', { name: /Phone number/ }), '(981) 234');
    await events.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(
      await screen.findByText('Enter a valid mobile number for the chosen country.'),
    ).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/send-otp')).toEqual([]);
  });

  it('sends the code request with +977 by default, then signs in with the code and its challenge', async () => {
    const fetchMock = stubApi({
      '/api/client-config': noCaptcha,
      '/api/send-otp': codeSent(),
      '/api/login-phone': { body: { token: 'session-token', user } },
    });
    const onSignedIn = renderForm();
    const events = userEvent.setup();

    expect(screen.getByRole('textbox', { name: 'Country code' })).toHaveValue('+977 Nepal');
    await events.type(screen.getByRole('textbox', { name: /Phone number/ }), '9812345678');
    await events.click(screen.getByRole('button', { name: 'Send OTP' }));

    expect(await screen.findByText('SMS Sent')).toBeInTheDocument();
    const [sent] = bodiesSentTo(fetchMock, '/api/send-otp');
    expect([sent?.get('code'), sent?.get('phone'), sent?.has('captcha')]).toEqual([
      '+977',
      '9812345678',
      false,
    ]);

    const codeField = await screen.findByRole('textbox', { name: /One-time code/ });
    expect(codeField).toHaveAccessibleDescription('Enter the code we sent by SMS to +977 981 2345678.');
    // The sixth digit sends the code: no further tap (issue 29).
    await events.type(codeField, '123456');

    expect(await screen.findByText("You're Logged In")).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, '/api/login-phone')).toHaveLength(1);
    expect(window.localStorage.getItem('token')).toBe('session-token');
    expect(getSession()).toMatchObject({ token: 'session-token', user_id: 3, role: 'user', name: '' });
    expect(onSignedIn).toHaveBeenCalledWith({ token: 'session-token', user });
    const [login] = bodiesSentTo(fetchMock, '/api/login-phone');
    expect([login?.get('code'), login?.get('phone'), login?.get('otp'), login?.get('challenge')]).toEqual([
      '+977',
      '9812345678',
      '123456',
      CHALLENGE,
    ]);
  });

  it('shows each country with its flag as a picture beside its dial code and name, never an emoji', async () => {
    stubApi({ '/api/client-config': noCaptcha });
    renderForm();
    const events = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Country code' });
    // The chosen country's flag sits in the field; the flags arrive with their own chunk, which a busy
    // machine may take a few seconds to load the first time.
    const chosenFlag = await waitFor(
      () => {
        const flag = field.parentElement?.querySelector('svg[data-flag="NP"]');
        expect(flag).not.toBeNull();
        return flag!;
      },
      { timeout: 10_000 },
    );
    expect(chosenFlag).toHaveAttribute('aria-hidden', 'true');

    await events.click(field);
    const nepal = await screen.findByRole('option', { name: '+977 Nepal' });
    await waitFor(() => expect(nepal.querySelector('svg[data-flag="NP"]')).not.toBeNull());
    expect(nepal.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    const options = screen.getAllByRole('option');
    expect(options.length).toBeGreaterThan(200);
    // Regional-indicator letters (🇳🇵) are what emoji flags are made of: none in any option's text.
    const emoji = options.filter((option) => /[\u{1F1E6}-\u{1F1FF}]/u.test(option.textContent ?? ''));
    expect(emoji).toEqual([]);
    // Every option, once the flags have loaded, has its picture.
    await waitFor(() =>
      expect(options.filter((option) => !option.querySelector('svg[data-flag]'))).toEqual([]),
    );

    await events.click(await screen.findByRole('option', { name: '+91 India' }));
    expect(field).toHaveValue('+91 India');
    await waitFor(() => expect(field.parentElement?.querySelector('svg[data-flag="IN"]')).not.toBeNull());
  });

  it('takes the number as people write it, and shows where the server sent the code', async () => {
    const fetchMock = stubApi({ '/api/client-config': noCaptcha, '/api/send-otp': codeSent() });
    renderForm();
    const events = userEvent.setup();

    await events.type(screen.getByRole('textbox', { name: /Phone number/ }), '(0)981-234 56.78');
    await events.click(screen.getByRole('button', { name: 'Send OTP' }));

    const codeField = await screen.findByRole('textbox', { name: /One-time code/ });
    expect(bodiesSentTo(fetchMock, '/api/send-otp')[0]?.get('phone')).toBe('09812345678');
    // The server's E.164, read internationally: not the digits as typed.
    expect(codeField).toHaveAccessibleDescription('Enter the code we sent by SMS to +977 981 2345678.');
  });

  it('takes a number pasted whole with its country code, whatever country is chosen', async () => {
    const fetchMock = stubApi({ '/api/client-config': noCaptcha, '/api/send-otp': codeSent() });
    renderForm();
    const events = userEvent.setup();

    await events.click(screen.getByRole('textbox', { name: /Phone number/ }));
    await events.paste('+44 7911 123457');
    await events.click(screen.getByRole('button', { name: 'Send OTP' }));

    await screen.findByRole('textbox', { name: /One-time code/ });
    const [sent] = bodiesSentTo(fetchMock, '/api/send-otp');
    // The server reads the number's own +44 (contract's toE164), not the +977 chosen beside it.
    expect([sent?.get('code'), sent?.get('phone')]).toEqual(['+977', '+447911123457']);
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

  it('says on the code field when the code does not match, stays signed out, and can send a new code', async () => {
    const fetchMock = stubApi({
      '/api/client-config': noCaptcha,
      '/api/send-otp': [codeSent(0), codeSent(0, 'd'.repeat(43))],
      '/api/login-phone': { status: 401, body: { message: 'OTP does not match' } },
    });
    const onSignedIn = renderForm();
    const events = userEvent.setup();

    await events.type(screen.getByRole('textbox', { name: /Phone number/ }), '9812345678');
    await events.click(screen.getByRole('button', { name: 'Send OTP' }));
    const codeField = await screen.findByRole('textbox', { name: /One-time code/ });
    await events.type(codeField, '000000');

    // Issue 29: the message is the code field's own (aria-describedby), marked invalid, not a toast
    // that vanished behind the dialog.
    await waitFor(() => expect(codeField).toHaveAccessibleDescription(/OTP does not match/));
    expect(codeField).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('OTP does not match')).toHaveLength(1);
    expect(screen.queryByText('Session Expired')).not.toBeInTheDocument();
    expect(getSession().token).toBeNull();
    expect(onSignedIn).not.toHaveBeenCalled();

    await events.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, '/api/send-otp')).toHaveLength(2));
    expect(screen.getByRole('textbox', { name: /One-time code/ })).toHaveValue('');

    // The new code goes with the new challenge.
    await events.type(screen.getByRole('textbox', { name: /One-time code/ }), '222222');
    await waitFor(() => expect(bodiesSentTo(fetchMock, '/api/login-phone')).toHaveLength(2));
    expect(bodiesSentTo(fetchMock, '/api/login-phone')[1]?.get('challenge')).toBe('d'.repeat(43));
  });

  it('keeps the code field marked after the last wrong try, and a Log In tap sends a code typed short', async () => {
    const fetchMock = stubApi({
      '/api/client-config': noCaptcha,
      '/api/send-otp': codeSent(0),
      '/api/login-phone': [
        { status: 401, body: { message: 'OTP does not match' } },
        { status: 429, body: { message: 'Too many wrong codes. Ask for a new code.' } },
      ],
    });
    renderForm();
    const events = userEvent.setup();

    await events.type(screen.getByRole('textbox', { name: /Phone number/ }), '9812345678');
    await events.click(screen.getByRole('button', { name: 'Send OTP' }));
    const codeField = await screen.findByRole('textbox', { name: /One-time code/ });
    await events.type(codeField, '12345');
    await events.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('The code has 6 digits.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === '/api/login-phone')).toHaveLength(0);

    await events.type(codeField, '6');
    await waitFor(() => expect(codeField).toHaveAccessibleDescription(/OTP does not match/));
    await events.clear(codeField);
    // Correcting the code clears its message; the next wrong one is said in its place.
    expect(codeField).not.toHaveAccessibleDescription(/OTP does not match/);
    await events.type(codeField, '654321');
    await waitFor(() =>
      expect(codeField).toHaveAccessibleDescription(/Too many wrong codes\. Ask for a new code\./),
    );
    expect(codeField).toHaveAttribute('aria-invalid', 'true');
  });

  describe('resending a code', () => {
    beforeEach(() => {
      // The clock and the count-down's interval only: requests, Mantine and Testing Library keep real
      // timeouts, so the form is driven as usual while the seconds move only when the test says so.
      vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    const seconds = (count: number) => act(() => vi.advanceTimersByTime(count * 1000));

    it('counts down the wait the server announced and opens the button only then', async () => {
      const fetchMock = stubApi({ '/api/client-config': noCaptcha, '/api/send-otp': codeSent(60) });
      renderForm();
      const events = userEvent.setup();

      await events.type(screen.getByRole('textbox', { name: /Phone number/ }), '9812345678');
      await events.click(screen.getByRole('button', { name: 'Send OTP' }));
      expect(await screen.findByRole('button', { name: 'Resend code in 60 s' })).toBeDisabled();

      seconds(18);
      expect(screen.getByRole('button', { name: 'Resend code in 42 s' })).toBeDisabled();
      seconds(41);
      expect(screen.getByRole('button', { name: 'Resend code in 1 s' })).toBeDisabled();
      seconds(1);
      const resend = screen.getByRole('button', { name: 'Resend code' });
      expect(resend).toBeEnabled();

      await events.click(resend);
      await waitFor(() => expect(bodiesSentTo(fetchMock, '/api/send-otp')).toHaveLength(2));
      // A new code starts a new wait.
      expect(await screen.findByRole('button', { name: 'Resend code in 60 s' })).toBeDisabled();
    });

    it("shows the server's message, with when to try again, when a resend is refused anyway", async () => {
      stubApi({
        '/api/client-config': noCaptcha,
        '/api/send-otp': [
          codeSent(30),
          { status: 429, body: { message: 'Too many requests. Try again in 25 minutes.' } },
        ],
      });
      renderForm();
      const events = userEvent.setup();

      await events.type(screen.getByRole('textbox', { name: /Phone number/ }), '9812345678');
      await events.click(screen.getByRole('button', { name: 'Send OTP' }));
      await screen.findByRole('button', { name: 'Resend code in 30 s' });
      seconds(30);
      await events.click(screen.getByRole('button', { name: 'Resend code' }));

      expect(await screen.findByText('Too many requests. Try again in 25 minutes.')).toBeInTheDocument();
      // The code already sent still works: the form stays on it.
      expect(screen.getByRole('textbox', { name: /One-time code/ })).toBeInTheDocument();
    });
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
      '/api/send-otp': codeSent(),
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
