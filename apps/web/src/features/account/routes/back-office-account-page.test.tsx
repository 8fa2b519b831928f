import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, signIn } from '../../../lib/session.ts';
import { adminUser } from '../../../test/admin-fixtures.ts';
import { renderRoutes, stubApi } from '../../../test/render-app.tsx';
import { callsTo, fieldsOf, staffMember, toasts } from '../../../test/staff-fixtures.ts';
import { BackOfficeAccountPage } from './back-office-account-page.tsx';

const CHANGED = 'Your password has been changed. Your other devices are signed out.';

function renderPage(user = staffMember, path = '/monastery/account') {
  signIn({ token: 'staff-token', user });
  return renderRoutes([{ path, element: <BackOfficeAccountPage /> }], path);
}
const details = () => screen.getByRole('region', { name: 'Name and e-mail' });
const password = () => screen.getByRole('region', { name: 'Password' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('BackOfficeAccountPage: name and e-mail', () => {
  it('starts from the session, saves through update-user-details and refreshes the session', async () => {
    const saved = { ...staffMember, name: 'Lobsang Tenzin', email: 'lobsang@example.com' };
    const fetchMock = stubApi({ '/api/update-user-details': { body: { user: saved } } });
    const toast = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    renderPage();

    expect(screen.getByRole('heading', { name: 'My account', level: 1 })).toBeInTheDocument();
    const name = within(details()).getByRole('textbox', { name: /Full Name/ });
    expect(name).toHaveValue('Demo Kopan Staff');
    await user.clear(name);
    await user.type(name, '  Lobsang Tenzin ');
    const email = within(details()).getByRole('textbox', { name: /E-mail/ });
    await user.clear(email);
    await user.type(email, 'Lobsang@Example.com');
    await user.click(within(details()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toasts(toast)).toEqual(['green: Account Details Updated Successfully']));
    expect(fieldsOf(callsTo(fetchMock, '/api/update-user-details')[0])).toEqual({
      _method: 'patch',
      name: 'Lobsang Tenzin',
      email: 'lobsang@example.com',
    });
    expect(getSession()).toMatchObject({ name: 'Lobsang Tenzin', email: 'lobsang@example.com' });
  });

  it('says a taken e-mail by its field, without a toast', async () => {
    stubApi({
      '/api/update-user-details': {
        status: 422,
        body: { message: 'Email already exists', errors: { email: ['Email already exists'] } },
      },
    });
    const toast = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    renderPage(adminUser, '/admin/account');
    await user.click(within(details()).getByRole('button', { name: 'Save' }));
    expect(await within(details()).findByText('Email already exists')).toBeInTheDocument();
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('BackOfficeAccountPage: password', () => {
  it('checks the new password and its confirmation before sending', async () => {
    const fetchMock = stubApi({});
    const user = userEvent.setup();
    renderPage();
    await user.type(within(password()).getByLabelText(/^New password/), 'abc');
    await user.type(within(password()).getByLabelText(/^Confirm new password/), 'abd');
    await user.click(within(password()).getByRole('button', { name: 'Change password' }));
    expect(
      await within(password()).findByText('Password must be at least 6 characters.'),
    ).toBeInTheDocument();
    expect(within(password()).getByText('Password and Confirm Password do not match.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/me/password')).toHaveLength(0);
  });

  it('changes it, says the other devices are signed out, and empties the form', async () => {
    const fetchMock = stubApi({ '/api/me/password': { body: { message: CHANGED } } });
    const toast = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    renderPage();
    await user.type(within(password()).getByLabelText(/^Current password/), 'old-secret');
    await user.type(within(password()).getByLabelText(/^New password/), 'new-secret-1');
    await user.type(within(password()).getByLabelText(/^Confirm new password/), 'new-secret-1');
    await user.click(within(password()).getByRole('button', { name: 'Change password' }));

    expect(await within(password()).findByRole('status')).toHaveTextContent(CHANGED);
    expect(toasts(toast)).toEqual([`green: ${CHANGED}`]);
    expect(fieldsOf(callsTo(fetchMock, '/api/me/password')[0])).toEqual({
      current_password: 'old-secret',
      password: 'new-secret-1',
      cpassword: 'new-secret-1',
    });
    expect(within(password()).getByLabelText(/^Current password/)).toHaveValue('');
    expect(within(password()).getByLabelText(/^New password/)).toHaveValue('');
    // This session stays: the person is still signed in here.
    expect(getSession().token).toBe('staff-token');
  });

  it('shows a wrong current password by its field, and sends none when left empty', async () => {
    const wrong = 'Your current password is not right.';
    const fetchMock = stubApi({
      '/api/me/password': {
        status: 422,
        body: { message: wrong, errors: { current_password: [wrong] } },
      },
    });
    const toast = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    renderPage(adminUser, '/admin/account');
    await user.type(within(password()).getByLabelText(/^New password/), 'new-secret-1');
    await user.type(within(password()).getByLabelText(/^Confirm new password/), 'new-secret-1');
    await user.click(within(password()).getByRole('button', { name: 'Change password' }));

    expect(await within(password()).findByText(wrong)).toBeInTheDocument();
    expect(toasts(toast)).toEqual([`red: Changing your password failed: ${wrong}`]);
    // An account without a password yet (create-admin) sends no current one at all.
    expect(fieldsOf(callsTo(fetchMock, '/api/me/password')[0])).toEqual({
      password: 'new-secret-1',
      cpassword: 'new-secret-1',
    });
    expect(within(password()).queryByRole('status')).not.toBeInTheDocument();
    expect(getSession().token).toBe('staff-token');
  });
});
