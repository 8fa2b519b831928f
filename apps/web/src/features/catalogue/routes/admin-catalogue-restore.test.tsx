import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  monastery,
  pictureFile,
  puja,
  signInAsAdmin,
  stubObjectUrls,
  stubRoutes,
} from '../../../test/admin-fixtures.ts';
import { pretendToBeAPhone, renderRoutes } from '../../../test/render-app.tsx';
import { AdminMonasteriesPage } from './admin-monasteries-page.tsx';
import { AdminPujasPage } from './admin-pujas-page.tsx';

const kopan = monastery();
const archivedAt = '2026-11-20T04:15:00.000Z';
const { pujas: _pujas, ...kopanSummary } = kopan;
const sera = {
  ...kopanSummary,
  id: 5,
  slug: 'sera-monastery',
  name: 'Sera Monastery',
  archived_at: archivedAt,
};
const restoredSera = monastery({ id: 5, slug: 'sera-monastery', name: 'Sera Monastery' });
/** The 26th to 30th archived monasteries: page 2 of 25 a page. */
const older = Array.from({ length: 5 }, (_, index) => ({
  ...sera,
  id: 100 + index,
  slug: `old-${index}`,
  name: `Old Gompa ${index}`,
}));
const archivedPage = (monasteries: unknown[], page = 1, total = monasteries.length) => ({
  body: { monasteries, page, pageSize: 25, total },
});

function renderMonasteries() {
  return renderRoutes([{ path: '/admin/monastery', element: <AdminMonasteriesPage /> }], '/admin/monastery');
}
const table = () => screen.getByRole('table', { name: 'Monasteries' });
const archivedSection = () => screen.getByRole('region', { name: 'Archived monasteries' });
const archivedTable = () => within(archivedSection()).getByRole('table', { name: 'Archived monasteries' });
const queryOf = (fetchMock: ReturnType<typeof stubRoutes>, path: string) =>
  fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.split('?')[0] === path)
    .map((url) => new URLSearchParams(url.split('?')[1] ?? ''));

beforeEach(() => {
  signInAsAdmin();
  stubObjectUrls();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('archived monasteries', () => {
  it('are asked for only when shown, paged by the server, and searched by name there', async () => {
    const user = userEvent.setup();
    const fetchMock = stubRoutes({
      'GET /api/monastery': { body: { monasteries: [kopan] } },
      'GET /api/monastery/archived': [
        archivedPage([sera], 1, 30),
        archivedPage(older, 2, 30),
        archivedPage([sera], 1, 1),
      ],
    });
    renderMonasteries();
    await within(await screen.findByRole('table', { name: 'Monasteries' })).findByText('Kopan Monastery');
    expect(queryOf(fetchMock, '/api/monastery/archived')).toHaveLength(0);

    const show = within(archivedSection()).getByRole('button', { name: 'Show archived' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(await within(archivedSection()).findByText('Sera Monastery')).toBeInTheDocument();
    expect(within(archivedSection()).getByRole('button', { name: 'Hide archived' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(archivedTable()).getByText(/20 Nov 2026|Nov 20, 2026|2026/)).toBeInTheDocument();

    await user.click(within(archivedSection()).getByRole('button', { name: 'Page 2' }));
    expect(await within(archivedSection()).findByText('Old Gompa 4')).toBeInTheDocument();
    expect(queryOf(fetchMock, '/api/monastery/archived').at(-1)?.get('page')).toBe('2');

    await user.type(
      within(archivedSection()).getByRole('searchbox', { name: 'Search archived monasteries' }),
      'sera',
    );
    await waitFor(() => expect(queryOf(fetchMock, '/api/monastery/archived').at(-1)?.get('q')).toBe('sera'));
    // A new search starts from its first page.
    expect(queryOf(fetchMock, '/api/monastery/archived').at(-1)?.get('page')).toBe('1');
    // The current monasteries are not the archived ones' business: the main table is unchanged.
    expect(within(table()).queryByText('Sera Monastery')).not.toBeInTheDocument();
  });

  it('restores one after a confirmation: the table shows the server’s answer and the archived list is asked again', async () => {
    const user = userEvent.setup();
    const fetchMock = stubRoutes({
      'GET /api/monastery': { body: { monasteries: [kopan] } },
      'GET /api/monastery/archived': [archivedPage([sera]), archivedPage([])],
      'POST /api/monastery/5/restore': { body: { monasteries: [kopan, restoredSera] } },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderMonasteries();
    await user.click(await screen.findByRole('button', { name: 'Show archived' }));

    // Cancel changes nothing.
    await user.click(await screen.findByRole('button', { name: 'Restore Sera Monastery' }));
    let dialog = await screen.findByRole('dialog', { name: 'Restore Sera Monastery' });
    expect(dialog).toHaveTextContent('Its offerings and special pujas archived with it come back too.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST /api/monastery/5/restore')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Restore Sera Monastery' }));
    dialog = await screen.findByRole('dialog', { name: 'Restore Sera Monastery' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Sera Monastery Restored Successfully', color: 'green' }),
      ),
    );
    expect(callsTo(fetchMock, 'POST /api/monastery/5/restore')).toHaveLength(1);
    expect(await within(table()).findByText('Sera Monastery')).toBeInTheDocument();
    expect(await within(archivedSection()).findByText('No archived monasteries.')).toBeInTheDocument();
    // The current list came from the restore's answer, not from asking again.
    expect(callsTo(fetchMock, 'GET /api/monastery')).toHaveLength(1);
  });

  it('says why a restore was refused (a name taken since) and keeps it archived', async () => {
    const user = userEvent.setup();
    const reason = 'A monastery named Sera Monastery already exists.';
    stubRoutes({
      'GET /api/monastery': { body: { monasteries: [kopan] } },
      'GET /api/monastery/archived': archivedPage([sera]),
      'POST /api/monastery/5/restore': { status: 409, body: { message: reason, errors: { name: [reason] } } },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderMonasteries();
    await user.click(await screen.findByRole('button', { name: 'Show archived' }));
    await user.click(await screen.findByRole('button', { name: 'Restore Sera Monastery' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Restore Sera Monastery' })).getByRole('button', {
        name: 'Restore',
      }),
    );

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Monastery Restore Failed', message: reason, color: 'red' }),
      ),
    );
    expect(within(archivedTable()).getByText('Sera Monastery')).toBeInTheDocument();
    expect(within(table()).queryByText('Sera Monastery')).not.toBeInTheDocument();
  });
});

describe('archived pujas', () => {
  it('restores a catalogue puja through its own endpoint', async () => {
    const user = userEvent.setup();
    const tara = puja();
    const { monastery_id: _owner, ...taraFields } = puja({
      id: 12,
      slug: 'white-tara',
      name: 'White Tara Puja',
    });
    const fetchMock = stubRoutes({
      'GET /api/puja': { body: { pujas: [tara] } },
      'GET /api/puja/archived': [
        {
          body: {
            pujas: [{ ...taraFields, monastery_id: null, archived_at: archivedAt }],
            page: 1,
            pageSize: 25,
            total: 1,
          },
        },
        { body: { pujas: [], page: 1, pageSize: 25, total: 0 } },
      ],
      'POST /api/puja/12/restore': {
        body: { pujas: [tara, puja({ id: 12, slug: 'white-tara', name: 'White Tara Puja' })] },
      },
    });
    renderRoutes([{ path: '/admin/puja', element: <AdminPujasPage /> }], '/admin/puja');
    const section = await screen.findByRole('region', { name: 'Archived pujas' });
    await user.click(within(section).getByRole('button', { name: 'Show archived' }));
    await user.click(await within(section).findByRole('button', { name: 'Restore White Tara Puja' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Restore White Tara Puja' })).getByRole('button', {
        name: 'Restore',
      }),
    );
    expect(
      await within(screen.getByRole('table', { name: 'Pujas' })).findByText('White Tara Puja'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/puja/12/restore')).toHaveLength(1);
    expect(await within(section).findByText('No archived pujas.')).toBeInTheDocument();
  });
});

describe('the screen stays true to the server', () => {
  it('keeps the row after a failed delete and asks for the list again', async () => {
    const user = userEvent.setup();
    const fetchMock = stubRoutes({
      'GET /api/monastery': { body: { monasteries: [kopan] } },
      'DELETE /api/monastery/1': { status: 503, body: { message: 'The database could not be reached.' } },
    });
    renderMonasteries();
    await user.click(await screen.findByRole('button', { name: 'Delete Kopan Monastery' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Kopan Monastery' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/monastery')).toHaveLength(2));
    expect(within(table()).getByText('Kopan Monastery')).toBeInTheDocument();
  });

  it('shows a name already taken (409) by the Name field of the create form', async () => {
    const user = userEvent.setup();
    const reason = 'A monastery named Kopan Monastery already exists.';
    stubRoutes({
      'GET /api/monastery': { body: { monasteries: [kopan] } },
      'POST /api/monastery': { status: 409, body: { message: reason, errors: { name: [reason] } } },
    });
    renderMonasteries();
    await screen.findByRole('table', { name: 'Monasteries' });
    const form = screen.getByRole('region', { name: 'Create Monastery' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'kopan monastery');
    await user.upload(within(form).getByLabelText(/^Image/), pictureFile());
    await user.type(within(form).getByRole('textbox', { name: /^Description/ }), 'Again.');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    const name = within(form).getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(name).toHaveAccessibleDescription(reason));
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('on a phone', () => {
  it('shows monasteries and archived ones as cards with their actions, and no table', async () => {
    pretendToBeAPhone();
    const user = userEvent.setup();
    stubRoutes({
      'GET /api/monastery': { body: { monasteries: [kopan] } },
      'GET /api/monastery/archived': archivedPage([sera]),
    });
    renderMonasteries();
    const list = await screen.findByRole('list', { name: 'Monasteries' });
    expect(within(list).getByText('Kopan Monastery')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Edit Kopan Monastery' })).toBeVisible();
    expect(within(list).getByRole('button', { name: 'Delete Kopan Monastery' })).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show archived' }));
    const archived = await screen.findByRole('list', { name: 'Archived monasteries' });
    expect(await within(archived).findByRole('button', { name: 'Restore Sera Monastery' })).toBeVisible();
    expect(within(archived).getByText('Archived')).toBeInTheDocument();
  });
});
