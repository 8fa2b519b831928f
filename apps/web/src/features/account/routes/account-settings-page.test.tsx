import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, signIn } from '../../../lib/session.ts';
import { renderRoutes, stubApi } from '../../../test/render-app.tsx';
import { AccountSettingsPage } from './account-settings-page.tsx';

const patron = {
  id: 3,
  name: 'Demo Patron',
  email: 'patron@example.com',
  phone: '+9779800000003',
  role: 'user',
  monastery_id: null,
} as const;

function renderPage() {
  signIn({ token: 'patron-token', user: patron });
  return renderRoutes([{ path: '/account-settings', element: <AccountSettingsPage /> }], '/account-settings');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AccountSettingsPage', () => {
  it('shows the card with the details from the session', () => {
    stubApi({});
    renderPage();

    expect(screen.getByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Full Name/ })).toHaveValue('Demo Patron');
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveValue('patron@example.com');
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveAttribute('type', 'email');
  });

  it('checks the full-name rule before sending, and says so by the field', async () => {
    const fetchMock = stubApi({});
    const user = userEvent.setup();
    renderPage();

    await user.clear(screen.getByRole('textbox', { name: /Full Name/ }));
    await user.type(screen.getByRole('textbox', { name: /Full Name/ }), 'Tenzin');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Oops, can you give us your full name?')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves, says so, and refreshes the session from the answer', async () => {
    const saved = { ...patron, name: 'Tenzin Norbu', email: 'tenzin@example.com' };
    const fetchMock = stubApi({ '/api/update-user-details': { body: { user: saved } } });
    const toast = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    renderPage();

    await user.clear(screen.getByRole('textbox', { name: /Full Name/ }));
    await user.type(screen.getByRole('textbox', { name: /Full Name/ }), 'Tenzin Norbu');
    await user.clear(screen.getByRole('textbox', { name: /E-mail/ }));
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'Tenzin@Example.com');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Account Details Updated Successfully', color: 'green' }),
      ),
    );
    expect(getSession()).toMatchObject({ name: 'Tenzin Norbu', email: 'tenzin@example.com' });
    const [input, init] = fetchMock.mock.calls[0]!;
    expect([String(input), init?.method]).toEqual(['/api/update-user-details', 'POST']);
    const body = init?.body as FormData;
    expect([body.get('_method'), body.get('name'), body.get('email')]).toEqual([
      'patch',
      'Tenzin Norbu',
      'tenzin@example.com',
    ]);
  });

  it("shows the server's field errors inline, without a toast", async () => {
    stubApi({
      '/api/update-user-details': {
        status: 422,
        body: { message: 'Email already exists', errors: { email: ['Email already exists'] } },
      },
    });
    const toast = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    renderPage();

    await user.clear(screen.getByRole('textbox', { name: /E-mail/ }));
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Email already exists')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveAttribute('aria-invalid', 'true');
    expect(toast).not.toHaveBeenCalled();
    expect(getSession().email).toBe('patron@example.com');
  });

  it('turns the order e-mails off and on again with a switch, saved at once', async () => {
    const fetchMock = stubApi({
      '/api/me/email-notices': [
        { body: { user: { ...patron, email_notices: false } } },
        { body: { user: { ...patron, email_notices: true } } },
      ],
    });
    const toast = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    renderPage();

    const emails = await screen.findByRole('switch', {
      name: /^Send my receipts and order updates by e-mail too/,
    });
    expect(emails).toHaveAccessibleName(
      'Send my receipts and order updates by e-mail too To patron@example.com, in the language you chose.',
    );
    expect(emails).toBeChecked();

    await user.click(emails);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Order updates will no longer come by e-mail.' }),
      ),
    );
    expect(emails).not.toBeChecked();
    expect(getSession().email_notices).toBe(false);
    const [input, init] = fetchMock.mock.calls[0]!;
    expect([String(input), init?.method]).toEqual(['/api/me/email-notices', 'POST']);
    const body = init?.body as FormData;
    expect([body.get('_method'), body.get('email_notices')]).toEqual(['patch', 'false']);

    await waitFor(() => expect(emails).toBeEnabled());
    await user.click(emails);
    await waitFor(() => expect(emails).toBeChecked());
  });

  it('says an address is needed when the account has none', async () => {
    stubApi({});
    signIn({ token: 'patron-token', user: { ...patron, email: null } });
    renderRoutes([{ path: '/account-settings', element: <AccountSettingsPage /> }], '/account-settings');
    expect(await screen.findByText('Add your e-mail address above to receive them.')).toBeInTheDocument();
  });
});
