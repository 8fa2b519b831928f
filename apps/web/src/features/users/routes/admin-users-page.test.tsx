import { notifications } from '@mantine/notifications';
import {
  EMAIL_EXISTS_MESSAGE,
  FULL_NAME_MESSAGE,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
} from '@puja/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adminUser,
  callsTo,
  monastery,
  signInAsAdmin,
  stubRoutes,
  user,
  usersPage,
} from '../../../test/admin-fixtures.ts';
import { chooseOption, renderRoutes } from '../../../test/render-app.tsx';
import { AdminUsersPage } from './admin-users-page.tsx';

const kopan = monastery();
const tengboche = monastery({ id: 2, slug: 'tengboche-monastery', name: 'Tengboche Monastery', status: 0 });
const patron = user();
const staff = user({
  id: 2,
  name: 'Kopan Staff',
  email: 'staff@example.com',
  phone: '+9779800000002',
  role: 'monastery',
  monastery_id: 1,
});
const everyone = [adminUser, staff, patron];

function renderPage() {
  return renderRoutes([{ path: '/admin/manage-user', element: <AdminUsersPage /> }], '/admin/manage-user');
}

const createForm = () => screen.getByRole('region', { name: 'Create User' });
const table = () => screen.getByRole('table', { name: 'Users' });
const rowOf = (name: string) => within(table()).getByText(name).closest('tr') as HTMLElement;
const textbox = (scope: HTMLElement, name: RegExp) => within(scope).getByRole('textbox', { name });

type Typist = ReturnType<typeof userEvent.setup>;

async function fillUser(
  typist: Typist,
  scope: HTMLElement,
  values: { name?: string; email?: string; phone?: string; password?: string; cpassword?: string },
) {
  if (values.name !== undefined) await typist.type(textbox(scope, /^Full Name/), values.name);
  if (values.email !== undefined) await typist.type(textbox(scope, /^E-mail/), values.email);
  if (values.phone !== undefined) await typist.type(textbox(scope, /^Phone/), values.phone);
  if (values.password !== undefined)
    await typist.type(within(scope).getByLabelText(/^Password/), values.password);
  if (values.cpassword !== undefined) {
    await typist.type(within(scope).getByLabelText(/^Confirm Password/), values.cpassword);
  }
}

const baseRoutes = {
  'GET /api/user': { body: usersPage(everyone) },
  'GET /api/monastery': { body: { monasteries: [kopan, tengboche] } },
};

beforeEach(() => {
  signInAsAdmin();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AdminUsersPage', () => {
  it('lists name, e-mail, phone and role, with the monastery of staff', async () => {
    stubRoutes(baseRoutes);
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument();
    await screen.findByText('Kopan Staff');
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'E-mail', 'Phone', 'Role', 'Actions']);
    const staffRow = rowOf('Kopan Staff');
    expect(within(staffRow).getByText('staff@example.com')).toBeInTheDocument();
    expect(within(staffRow).getByText('+9779800000002')).toBeInTheDocument();
    expect(within(staffRow).getByText('Monastery')).toBeInTheDocument();
    expect(await within(staffRow).findByText('Staff of Kopan Monastery')).toBeInTheDocument();
    expect(within(rowOf('Demo Patron')).getByText('User')).toBeInTheDocument();

    // Administrators are made on the server; the signed-in one cannot sign themselves out from here.
    const adminRow = rowOf('Demo Administrator');
    expect(within(adminRow).getByText('Admin')).toBeInTheDocument();
    expect(within(adminRow).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(rowOf('Demo Patron'))
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Edit Demo Patron', 'Sign out everywhere: Demo Patron', 'Delete Demo Patron']);
  });

  it("checks the form with the contract and the spec's messages before sending", async () => {
    const typist = userEvent.setup();
    const fetchMock = stubRoutes(baseRoutes);
    renderPage();
    await screen.findByText('Kopan Staff');
    const form = createForm();
    const toast = vi.spyOn(notifications, 'show');

    await typist.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await within(form).findByText('Name is required.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(within(form).getByText('Phone is required.')).toBeInTheDocument();
    expect(within(form).getByText('Choose a role: user or monastery.')).toBeInTheDocument();
    // Required on create: an empty password is too short.
    expect(within(form).getByText(PASSWORD_TOO_SHORT_MESSAGE)).toBeInTheDocument();

    await fillUser(typist, form, {
      name: 'Tenzin',
      email: 'not-an-email',
      phone: '98abc',
      password: 'secret1',
      cpassword: 'secret2',
    });
    await typist.click(within(form).getByRole('button', { name: 'Create' }));

    // One name is enough here: the two-word rule belongs to a patron's onboarding, not this form.
    expect(await within(form).findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(within(form).queryByText(FULL_NAME_MESSAGE)).not.toBeInTheDocument();
    expect(within(form).queryByText('Name is required.')).not.toBeInTheDocument();
    expect(within(form).getByText('Phone must be numeric.')).toBeInTheDocument();
    expect(within(form).getByText(PASSWORD_MISMATCH_MESSAGE)).toBeInTheDocument();
    expect(within(form).queryByText(PASSWORD_TOO_SHORT_MESSAGE)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/user')).toEqual([]);
    // docs/product.md#notifications: the password messages are toasts too, each its own.
    expect(toast.mock.calls.map(([toastProps]) => toastProps.message)).toEqual([
      PASSWORD_TOO_SHORT_MESSAGE,
      PASSWORD_MISMATCH_MESSAGE,
    ]);
  });

  it('asks for a monastery only when the role is monastery, from a searchable list', async () => {
    const typist = userEvent.setup();
    const fetchMock = stubRoutes(baseRoutes);
    renderPage();
    await screen.findByText('Kopan Staff');
    const form = createForm();

    expect(within(form).queryByRole('textbox', { name: /^Monastery/ })).not.toBeInTheDocument();
    await chooseOption(typist, textbox(form, /^Role/), 'Monastery');
    const monasterySelect = await within(form).findByRole('textbox', { name: /^Monastery/ });

    await fillUser(typist, form, {
      name: 'Lobsang Tsering',
      email: 'lobsang@example.com',
      phone: '9812345678',
      password: 'prayer-wheel',
      cpassword: 'prayer-wheel',
    });
    await typist.click(within(form).getByRole('button', { name: 'Create' }));
    expect(
      await within(form).findByText('Choose the monastery this staff member belongs to.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/user')).toEqual([]);

    // Searchable: typing narrows the monasteries (closed ones included: staff may belong to one).
    await typist.type(monasterySelect, 'teng');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Tengboche Monastery',
    ]);

    await chooseOption(typist, textbox(form, /^Role/), 'User');
    expect(within(form).queryByRole('textbox', { name: /^Monastery/ })).not.toBeInTheDocument();
  });

  it('creates a staff member as multipart with the monastery and the password pair', async () => {
    const typist = userEvent.setup();
    const created = user({
      id: 9,
      name: 'Lobsang Tsering',
      email: 'lobsang@example.com',
      phone: '+9779812345678',
      role: 'monastery',
      monastery_id: 2,
    });
    const fetchMock = stubRoutes({
      ...baseRoutes,
      'POST /api/user': { body: usersPage([...everyone, created]) },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();
    await screen.findByText('Kopan Staff');
    const form = createForm();

    await fillUser(typist, form, {
      name: 'Lobsang Tsering',
      email: 'Lobsang@Example.com',
      phone: '9812345678',
      password: 'prayer-wheel',
      cpassword: 'prayer-wheel',
    });
    await chooseOption(typist, textbox(form, /^Role/), 'Monastery');
    await chooseOption(
      typist,
      await within(form).findByRole('textbox', { name: /^Monastery/ }),
      'Tengboche Monastery',
    );
    await typist.click(within(form).getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'User Created Successfully', color: 'green' }),
      ),
    );
    expect(callsTo(fetchMock, 'POST /api/user')).toEqual([
      {
        name: 'Lobsang Tsering',
        email: 'lobsang@example.com',
        phone: '9812345678',
        role: 'monastery',
        monastery: '2',
        password: 'prayer-wheel',
        cpassword: 'prayer-wheel',
      },
    ]);
    expect(await within(table()).findByText('Lobsang Tsering')).toBeInTheDocument();
    expect(textbox(form, /^Full Name/)).toHaveValue('');
    expect(within(form).queryByRole('textbox', { name: /^Monastery/ })).not.toBeInTheDocument();
  });

  it('shows each 400 field error as its own toast, and no generic one', async () => {
    const typist = userEvent.setup();
    stubRoutes({
      ...baseRoutes,
      'POST /api/user': {
        status: 400,
        body: {
          message: EMAIL_EXISTS_MESSAGE,
          errors: {
            email: [EMAIL_EXISTS_MESSAGE],
            password: [PASSWORD_TOO_SHORT_MESSAGE],
            cpassword: [PASSWORD_MISMATCH_MESSAGE],
          },
        },
      },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();
    await screen.findByText('Kopan Staff');
    const form = createForm();

    await fillUser(typist, form, {
      name: 'Pema Lhamo',
      email: 'patron@example.com',
      phone: '9812345670',
      password: 'secret1',
      cpassword: 'secret1',
    });
    await chooseOption(typist, textbox(form, /^Role/), 'User');
    await typist.click(within(form).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(toast).toHaveBeenCalledTimes(3));
    expect(toast.mock.calls.map(([toastProps]) => [toastProps.message, toastProps.color])).toEqual([
      [EMAIL_EXISTS_MESSAGE, 'red'],
      [PASSWORD_TOO_SHORT_MESSAGE, 'red'],
      [PASSWORD_MISMATCH_MESSAGE, 'red'],
    ]);
    // Each is also said by its field.
    expect(within(form).getByText(EMAIL_EXISTS_MESSAGE)).toBeInTheDocument();
    expect(textbox(form, /^E-mail/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows 'User Creation Failed' for any other failure", async () => {
    const typist = userEvent.setup();
    stubRoutes({ ...baseRoutes, 'POST /api/user': { status: 500, body: { message: 'boom' } } });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();
    await screen.findByText('Kopan Staff');
    const form = createForm();

    await fillUser(typist, form, {
      name: 'Pema Lhamo',
      email: 'pema@example.com',
      phone: '9812345670',
      password: 'secret1',
      cpassword: 'secret1',
    });
    await chooseOption(typist, textbox(form, /^Role/), 'User');
    await typist.click(within(form).getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'User Creation Failed', color: 'red' }),
      ),
    );
    expect(toast).toHaveBeenCalledTimes(1);
    expect(textbox(form, /^Full Name/)).toHaveValue('Pema Lhamo');
  });

  it('edits from the account as the server holds it; the password only when a new one is typed', async () => {
    const typist = userEvent.setup();
    const fresh = { ...patron, name: 'Demo Patron Fresh' };
    const fetchMock = stubRoutes({
      ...baseRoutes,
      'GET /api/user/3/edit': { body: { user: fresh } },
      'POST /api/user/3': [
        { body: usersPage([adminUser, staff, { ...fresh, role: 'monastery', monastery_id: 1 }]) },
        { body: usersPage([adminUser, staff, { ...fresh, role: 'monastery', monastery_id: 1 }]) },
      ],
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    await typist.click(await screen.findByRole('button', { name: 'Edit Demo Patron' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update User' });
    expect(await within(dialog).findByDisplayValue('Demo Patron Fresh')).toBeInTheDocument();
    expect(textbox(dialog, /^E-mail/)).toHaveValue('patron@example.com');
    expect(textbox(dialog, /^Phone/)).toHaveValue('+9779800000003');
    expect(textbox(dialog, /^Role/)).toHaveValue('User');
    expect(within(dialog).getByLabelText(/^Password/)).toHaveValue('');
    expect(within(dialog).getByText('Leave both empty to keep the current password.')).toBeInTheDocument();

    await chooseOption(typist, textbox(dialog, /^Role/), 'Monastery');
    await chooseOption(
      typist,
      await within(dialog).findByRole('textbox', { name: /^Monastery/ }),
      'Kopan Monastery',
    );
    // A new password is checked like on create.
    await typist.type(within(dialog).getByLabelText(/^Password/), 'abc');
    await typist.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText(PASSWORD_TOO_SHORT_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByText(PASSWORD_MISMATCH_MESSAGE)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/user/3')).toEqual([]);

    await typist.clear(within(dialog).getByLabelText(/^Password/));
    await typist.click(within(dialog).getByRole('button', { name: 'Update' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'User Updated Successfully' })),
    );
    expect(callsTo(fetchMock, 'POST /api/user/3')).toEqual([
      {
        _method: 'patch',
        name: 'Demo Patron Fresh',
        email: 'patron@example.com',
        phone: '+9779800000003',
        role: 'monastery',
        version: '1',
        monastery: '1',
      },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Update User' })).not.toBeInTheDocument(),
    );
    expect(within(rowOf('Demo Patron Fresh')).getByText('Staff of Kopan Monastery')).toBeInTheDocument();
  });

  it('sends a new password pair on edit, and shows 400 field errors as toasts there too', async () => {
    const typist = userEvent.setup();
    const fetchMock = stubRoutes({
      ...baseRoutes,
      'GET /api/user/2/edit': { body: { user: staff } },
      'POST /api/user/2': [
        { status: 400, body: { message: EMAIL_EXISTS_MESSAGE, errors: { email: [EMAIL_EXISTS_MESSAGE] } } },
        { status: 409, body: { message: 'You may not do that.' } },
      ],
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    await typist.click(await screen.findByRole('button', { name: 'Edit Kopan Staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update User' });
    await within(dialog).findByDisplayValue('Kopan Staff');
    expect(textbox(dialog, /^Monastery/)).toHaveValue('Kopan Monastery');
    await typist.type(within(dialog).getByLabelText(/^Password/), 'new-secret');
    await typist.type(within(dialog).getByLabelText(/^Confirm Password/), 'new-secret');
    await typist.click(within(dialog).getByRole('button', { name: 'Update' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ message: EMAIL_EXISTS_MESSAGE, color: 'red' }),
      ),
    );
    expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: 'Updating user Failed' }));
    expect(callsTo(fetchMock, 'POST /api/user/2')[0]).toMatchObject({
      _method: 'patch',
      role: 'monastery',
      monastery: '1',
      password: 'new-secret',
      cpassword: 'new-secret',
    });

    await typist.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Updating user Failed', message: 'You may not do that.' }),
      ),
    );
  });

  it("deletes after 'Are you sure you want to delete User?'", async () => {
    const typist = userEvent.setup();
    const fetchMock = stubRoutes({
      ...baseRoutes,
      'DELETE /api/user/3': [
        { status: 404, body: { message: 'User not found.' } },
        { body: usersPage([adminUser, staff]) },
      ],
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    await typist.click(await screen.findByRole('button', { name: 'Delete Demo Patron' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Demo Patron' });
    expect(within(dialog).getByText('Are you sure you want to delete User?')).toBeInTheDocument();
    await typist.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'User Delete Failed', message: 'User not found.' }),
      ),
    );

    await typist.click(screen.getByRole('button', { name: 'Delete Demo Patron' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Demo Patron' });
    await typist.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'User Deleted Successfully' })),
    );
    expect(callsTo(fetchMock, 'DELETE /api/user/3')).toHaveLength(2);
    await waitFor(() => expect(within(table()).queryByText('Demo Patron')).not.toBeInTheDocument());
  });

  it('keeps the row after a failed delete and asks the server for the page again', async () => {
    const typist = userEvent.setup();
    const fetchMock = stubRoutes({
      ...baseRoutes,
      'DELETE /api/user/3': { status: 503, body: { message: 'The database could not be reached.' } },
    });
    renderPage();

    await typist.click(await screen.findByRole('button', { name: 'Delete Demo Patron' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Demo Patron' });
    await typist.click(within(dialog).getByRole('button', { name: 'Delete' }));

    // Nothing left the table before the answer, and the refusal brings the server's page back.
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/user')).toHaveLength(2));
    expect(rowOf('Demo Patron')).toBeInTheDocument();
  });

  it('signs a person out everywhere after a confirmation', async () => {
    const typist = userEvent.setup();
    const fetchMock = stubRoutes({
      ...baseRoutes,
      'POST /api/user/2/revoke-sessions': { body: { revoked: 2, user: staff } },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    await typist.click(await screen.findByRole('button', { name: 'Sign out everywhere: Kopan Staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere' });
    expect(
      within(dialog).getByText('Sign Kopan Staff out on every device? They will need to sign in again.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/user/2/revoke-sessions')).toEqual([]);
    await typist.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Kopan Staff is signed out everywhere.', color: 'green' }),
      ),
    );
    expect(callsTo(fetchMock, 'POST /api/user/2/revoke-sessions')).toHaveLength(1);
  });

  it('searches by name, e-mail or phone and pages a long list', async () => {
    const typist = userEvent.setup();
    const patrons = Array.from({ length: 59 }, (_, index) =>
      user({
        id: 100 + index,
        name: `Patron ${String(index + 1).padStart(2, '0')}`,
        email: `patron${index + 1}@example.com`,
        phone: `+97798100000${String(index + 1).padStart(2, '0')}`,
      }),
    );
    const fetchMock = stubRoutes({
      ...baseRoutes,
      'GET /api/user': [
        { body: usersPage(patrons.slice(0, 20), { page: 1, total: 59 }) },
        { body: usersPage(patrons.slice(20, 40), { page: 2, total: 59 }) },
        { body: usersPage([patrons[41]!], { page: 1, total: 1 }) },
        { body: usersPage([], { page: 1, total: 0 }) },
      ],
    });
    renderPage();

    await screen.findByText('Patron 01');
    const names = () =>
      within(table())
        .queryAllByText(/^Patron \d+$/)
        .map((cell) => cell.textContent);
    expect(names()).toHaveLength(20);
    expect(screen.getByText('1–20 of 59')).toBeInTheDocument();
    await typist.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(names()[0]).toBe('Patron 21'));
    expect(screen.getByText('21–40 of 59')).toBeInTheDocument();

    await typist.type(screen.getByRole('searchbox', { name: 'Search users' }), 'PATRON42@');
    await waitFor(() => expect(names()).toEqual(['Patron 42']));
    await typist.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await typist.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');
    expect(await screen.findByText('No user matches “nobody”.')).toBeInTheDocument();
    // The server pages and searches: each request names its page and what was typed, once typing pauses.
    const asked = fetchMock.mock.calls
      .map(([input]) => String(input))
      .filter((url) => url.startsWith('/api/user?'));
    expect(asked).toEqual([
      '/api/user?page=1',
      '/api/user?page=2',
      '/api/user?page=1&q=PATRON42%40',
      '/api/user?page=1&q=nobody',
    ]);
  });
});
