import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '../../../app/guards/require-auth.tsx';
import { getSession, signIn } from '../../../lib/session.ts';
import { renderRoutes, stubApi } from '../../../test/render-app.tsx';
import { AccountSettingsPage } from '../routes/account-settings-page.tsx';

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
  return renderRoutes(
    [
      {
        element: <RequireAuth requireRole="user" />,
        children: [{ path: '/account-settings', element: <AccountSettingsPage /> }],
      },
      { path: '/monasteries', element: <h1>Monasteries in our list</h1> },
    ],
    '/account-settings',
  );
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  return screen.findByRole('dialog', { name: 'Delete your account?' });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('deleting the account', () => {
  it('says what goes and what stays before anything is asked', () => {
    stubApi({});
    renderPage();
    expect(screen.getByRole('heading', { name: 'Delete your account' })).toBeInTheDocument();
    expect(screen.getByText(/kept without your name/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'What we keep, and why' })).toHaveAttribute('href', '/privacy');
  });

  it('asks the patron to type DELETE, and sends nothing until they do', async () => {
    const fetchMock = stubApi({});
    const user = userEvent.setup();
    renderPage();

    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Type DELETE to confirm/ }), 'yes');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await within(dialog).findByText('Type DELETE to confirm.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getSession().token).toBe('patron-token');
  });

  it('deletes, signs out and leaves for the monasteries', async () => {
    const fetchMock = stubApi({ '/api/me': { body: { message: 'Your account has been deleted.' } } });
    const toast = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    renderPage();

    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Type DELETE to confirm/ }), 'delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByRole('heading', { name: 'Monasteries in our list' })).toBeInTheDocument();
    expect(getSession().token).toBeNull();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Your account has been deleted.', color: 'green' }),
    );
    // No 'Unauthorized' on the way out: the person ended the session themselves.
    expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ message: 'Unauthorized' }));
    const [input, init] = fetchMock.mock.calls[0]!;
    expect([String(input), init?.method]).toEqual(['/api/me', 'DELETE']);
    expect((init!.body as FormData).get('confirmation')).toBe('delete');
  });

  it('shows in full why the server refused, and keeps the patron signed in', async () => {
    const reason =
      'Your account cannot be deleted yet: every rupee you paid must first buy a puja that is performed or come back to you. PJ-7K3M9Q is paid and waiting for the monastery: cancel it on your orders page to have the money refunded, or wait until the puja has been performed.';
    stubApi({ '/api/me': { status: 409, body: { message: reason } } });
    const user = userEvent.setup();
    renderPage();

    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Type DELETE to confirm/ }), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your account was not deleted');
    expect(alert).toHaveTextContent(reason);
    expect(getSession().token).toBe('patron-token');
  });
});
