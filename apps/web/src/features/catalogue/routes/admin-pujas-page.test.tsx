import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  pictureFile,
  puja,
  signInAsAdmin,
  stubObjectUrls,
  stubRoutes,
} from '../../../test/admin-fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { pujasQueryKey } from '../api/get-pujas.ts';
import { AdminPujasPage } from './admin-pujas-page.tsx';

const tara = puja();
const medicine = puja({ id: 12, slug: 'medicine-buddha-puja', name: 'Medicine Buddha Puja', status: 0 });

function renderPage() {
  return renderRoutes([{ path: '/admin/puja', element: <AdminPujasPage /> }], '/admin/puja');
}

const createForm = () => screen.getByRole('region', { name: 'Create Puja' });

beforeEach(() => {
  signInAsAdmin();
  stubObjectUrls();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AdminPujasPage', () => {
  it('lists the catalogue pujas, open and closed', async () => {
    stubRoutes({ 'GET /api/puja': { body: { pujas: [tara, medicine] } } });
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Pujas', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Pujas' });
    const medicineRow = within(table).getByText('Medicine Buddha Puja').closest('tr') as HTMLElement;
    expect(within(medicineRow).getByText('Closed')).toBeInTheDocument();
    expect(
      within(medicineRow).getByRole('button', { name: 'Edit Medicine Buddha Puja' }),
    ).toBeInTheDocument();
  });

  it('requires name, image and description before sending', async () => {
    const user = userEvent.setup();
    const fetchMock = stubRoutes({ 'GET /api/puja': { body: { pujas: [tara] } } });
    renderPage();
    await screen.findByText('Green Tara Puja');

    await user.click(within(createForm()).getByRole('button', { name: 'Create' }));

    expect(await within(createForm()).findByText('Name is required.')).toBeInTheDocument();
    expect(within(createForm()).getByText('Image is required.')).toBeInTheDocument();
    expect(within(createForm()).getByText('Description is required.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/puja')).toEqual([]);
  });

  it('creates a puja with its picture and refreshes the public pujas', async () => {
    const user = userEvent.setup();
    const created = puja({ id: 20, slug: 'chod-puja', name: 'Chöd Puja' });
    const fetchMock = stubRoutes({
      'GET /api/puja': { body: { pujas: [tara] } },
      'POST /api/puja': { body: { pujas: [created, tara] } },
    });
    const toast = vi.spyOn(notifications, 'show');
    const { queryClient } = renderPage();
    queryClient.setQueryData(pujasQueryKey, { pujas: [tara] });
    await screen.findByText('Green Tara Puja');

    const form = createForm();
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Chöd Puja');
    await user.upload(within(form).getByLabelText(/^Image/), pictureFile('chod.png'));
    await user.type(within(form).getByRole('textbox', { name: /^Description/ }), 'Cutting through the ego.');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Puja Created Successfully' })),
    );
    const [body] = callsTo(fetchMock, 'POST /api/puja');
    expect(body).toMatchObject({ name: 'Chöd Puja', description: 'Cutting through the ego.', status: '1' });
    expect((body!.image as File).name).toBe('chod.png');
    expect(await screen.findByText('Chöd Puja')).toBeInTheDocument();
    expect(queryClient.getQueryState(pujasQueryKey)?.isInvalidated).toBe(true);
  });

  it("says 'Puja Creation Failed' with the server's reason", async () => {
    const user = userEvent.setup();
    stubRoutes({
      'GET /api/puja': { body: { pujas: [tara] } },
      'POST /api/puja': { status: 413, body: { message: 'Each file can be at most 10 MB.' } },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();
    await screen.findByText('Green Tara Puja');

    const form = createForm();
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Chöd Puja');
    await user.upload(within(form).getByLabelText(/^Image/), pictureFile());
    await user.type(within(form).getByRole('textbox', { name: /^Description/ }), 'Cutting through the ego.');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Puja Creation Failed',
          message: 'Each file can be at most 10 MB.',
        }),
      ),
    );
  });

  it("edits in the 'Edit Puja' modal with the patch override and a new picture", async () => {
    const user = userEvent.setup();
    const fetchMock = stubRoutes({
      'GET /api/puja': { body: { pujas: [tara, medicine] } },
      'POST /api/puja/12': { body: { pujas: [tara, { ...medicine, status: 1 }] } },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit Medicine Buddha Puja' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Puja' });
    expect(within(dialog).getByRole('radio', { name: 'Closed' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Open' }));
    await user.upload(within(dialog).getByLabelText(/^Image/), pictureFile('medicine.png'));
    expect(
      await within(dialog).findByRole('img', { name: 'Preview of the chosen picture' }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Puja Updated Successfully' })),
    );
    const [body] = callsTo(fetchMock, 'POST /api/puja/12');
    expect(body).toMatchObject({ _method: 'patch', name: 'Medicine Buddha Puja', status: '1' });
    expect((body!.image as File).name).toBe('medicine.png');
  });

  it("says 'Updating Puja Failed' when the update is refused", async () => {
    const user = userEvent.setup();
    stubRoutes({
      'GET /api/puja': { body: { pujas: [tara] } },
      'POST /api/puja/11': {
        status: 422,
        body: { message: 'The request is not valid.', errors: { description: ['Description is required.'] } },
      },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit Green Tara Puja' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Puja' });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await within(dialog).findByText('Description is required.')).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Updating Puja Failed' }));
  });

  it("confirms with 'Are you sure you want to delete puja?' and reports either outcome", async () => {
    const user = userEvent.setup();
    const fetchMock = stubRoutes({
      'GET /api/puja': { body: { pujas: [tara, medicine] } },
      'DELETE /api/puja/11': [{ status: 500, body: { message: 'boom' } }, { body: { pujas: [medicine] } }],
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Delete Green Tara Puja' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Green Tara Puja' });
    expect(within(dialog).getByText('Are you sure you want to delete puja?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Puja Delete Failed',
          // A server error's own text is never shown.
          message: 'Something went wrong on our side. Please try again.',
        }),
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Delete Green Tara Puja' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Green Tara Puja' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Puja Deleted Successfully' })),
    );
    expect(callsTo(fetchMock, 'DELETE /api/puja/11')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByText('Green Tara Puja')).not.toBeInTheDocument());
  });
});
