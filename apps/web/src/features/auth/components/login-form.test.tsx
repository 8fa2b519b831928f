import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { stubApi } from '../../../test/render-app.tsx';
import { LoginForm } from './login-form.tsx';

const user = { id: 3, name: '', email: null, phone: '+9779812345678', role: 'user', monastery_id: null };

function renderForm() {
  const onSignedIn = vi.fn();
  render(
    <AppProviders queryClient={new QueryClient()} mantineEnv="test">
      <LoginForm onSignedIn={onSignedIn} />
    </AppProviders>,
  );
  return onSignedIn;
}

describe('LoginForm', () => {
  it('checks the number with the contract rules before sending anything', async () => {
    const fetchMock = stubApi({});
    renderForm();
    const events = userEvent.setup();

    await events.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Phone is required.')).toBeInTheDocument();

    await events.type(screen.getByRole('textbox', { name: /Phone number/ }), '98-12');
    await events.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Phone must contain digits only.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the code request with +977 by default, then signs in with the code', async () => {
    const fetchMock = stubApi({
      '/api/send-otp': { body: { message: 'SMS Sent' } },
      '/api/login-phone': { body: { token: 'session-token', user } },
    });
    const onSignedIn = renderForm();
    const events = userEvent.setup();

    expect(screen.getByRole('textbox', { name: 'Country code' })).toHaveValue('🇳🇵 +977 Nepal');
    await events.type(screen.getByRole('textbox', { name: /Phone number/ }), '9812345678');
    await events.click(screen.getByRole('button', { name: 'Send OTP' }));

    expect(await screen.findByText('SMS Sent')).toBeInTheDocument();
    const sent = fetchMock.mock.calls[0]![1]?.body as FormData;
    expect([sent.get('code'), sent.get('phone')]).toEqual(['+977', '9812345678']);

    await events.type(await screen.findByRole('textbox', { name: /One-time code/ }), '123456');
    await events.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByText("You're Logged In")).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('session-token');
    expect(onSignedIn).toHaveBeenCalledWith({ token: 'session-token', user });
    const login = fetchMock.mock.calls[1]![1]?.body as FormData;
    expect([login.get('code'), login.get('phone'), login.get('otp')]).toEqual([
      '+977',
      '9812345678',
      '123456',
    ]);
  });

  it("shows the server's message when the code cannot be sent", async () => {
    stubApi({
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
});
