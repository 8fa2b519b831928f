import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  monastery,
  pictureFile,
  signInAsAdmin,
  stubObjectUrls,
  stubRoutes,
} from '../../../test/admin-fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { monasteriesQueryKey } from '../api/get-monasteries.ts';
import { AdminMonasteriesPage } from './admin-monasteries-page.tsx';

const kopan = monastery();
const tengboche = monastery({
  id: 2,
  slug: 'tengboche-monastery',
  name: 'Tengboche Monastery',
  image_path: null,
  status: 0,
});

function renderPage() {
  return renderRoutes([{ path: '/admin/monastery', element: <AdminMonasteriesPage /> }], '/admin/monastery');
}

const createForm = () => screen.getByRole('region', { name: 'Create Monastery' });
const table = () => screen.getByRole('table', { name: 'Monasteries' });
const rowOf = (name: string) => within(table()).getByText(name).closest('tr') as HTMLElement;

beforeEach(() => {
  signInAsAdmin();
  stubObjectUrls();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AdminMonasteriesPage', () => {
  it('lists every monastery with its picture, an open or closed badge, Edit and Delete', async () => {
    stubRoutes({ 'GET /api/monastery': { body: { monasteries: [kopan, tengboche] } } });
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Monasteries', level: 1 })).toBeInTheDocument();
    await screen.findByText('Tengboche Monastery');
    expect(within(rowOf('Kopan Monastery')).getByText('Open')).toBeInTheDocument();
    expect(within(rowOf('Tengboche Monastery')).getByText('Closed')).toBeInTheDocument();
    expect(within(rowOf('Kopan Monastery')).getByRole('img')).toHaveAttribute('src', '/uploads/kopan.webp');
    expect(within(rowOf('Kopan Monastery')).getByRole('img')).toHaveAccessibleName(
      'Picture of Kopan Monastery',
    );
    expect(screen.getByRole('button', { name: 'Edit Kopan Monastery' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Tengboche Monastery' })).toBeInTheDocument();
  });

  it('checks the form with the contract before sending: name, image, description required', async () => {
    const user = userEvent.setup();
    const fetchMock = stubRoutes({ 'GET /api/monastery': { body: { monasteries: [kopan] } } });
    renderPage();

    await user.click(within(createForm()).getByRole('button', { name: 'Create' }));

    expect(await within(createForm()).findByText('Name is required.')).toBeInTheDocument();
    expect(within(createForm()).getByText('Description is required.')).toBeInTheDocument();
    expect(within(createForm()).getByText('Image is required.')).toBeInTheDocument();
    // Open is chosen unless changed (docs/product.md#catalogue-status-and-removal), so the status has nothing to say.
    expect(within(createForm()).getByRole('radio', { name: 'Open' })).toBeChecked();
    expect(callsTo(fetchMock, 'POST /api/monastery')).toEqual([]);

    // A name of spaces only is still no name (the contract trims).
    await user.type(within(createForm()).getByRole('textbox', { name: /^Name/ }), '   ');
    await user.click(within(createForm()).getByRole('button', { name: 'Create' }));
    expect(await within(createForm()).findByText('Name is required.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/monastery')).toEqual([]);
  });

  it('creates a monastery as multipart with its picture, says so and shows it in the table', async () => {
    const user = userEvent.setup();
    const created = monastery({ id: 9, slug: 'namo-buddha', name: 'Namo Buddha', status: 0 });
    const fetchMock = stubRoutes({
      'GET /api/monastery': { body: { monasteries: [kopan] } },
      'POST /api/monastery': { body: { monasteries: [kopan, created] } },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();
    await screen.findByText('Kopan Monastery');

    const form = createForm();
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), '  Namo Buddha ');
    await user.upload(within(form).getByLabelText(/^Image/), pictureFile('namo.png'));
    expect(await within(form).findByRole('img', { name: 'Preview of the chosen picture' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await user.type(
      within(form).getByRole('textbox', { name: /^Description/ }),
      'Where the Buddha fed a tigress.',
    );
    await user.click(within(form).getByRole('radio', { name: 'Closed' }));
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Monastery Created Successfully', color: 'green' }),
      ),
    );
    const [body] = callsTo(fetchMock, 'POST /api/monastery');
    expect(body).toMatchObject({
      name: 'Namo Buddha',
      description: 'Where the Buddha fed a tigress.',
      status: '0',
    });
    expect(body?.image).toBeInstanceOf(File);
    expect((body!.image as File).name).toBe('namo.png');
    expect(await within(table()).findByText('Namo Buddha')).toBeInTheDocument();
    // The form starts again, empty and open.
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    expect(within(form).getByRole('radio', { name: 'Open' })).toBeChecked();
    expect(
      within(form).queryByRole('img', { name: 'Preview of the chosen picture' }),
    ).not.toBeInTheDocument();
  });

  it("shows the server's refusal by its field and in the failure toast", async () => {
    const user = userEvent.setup();
    stubRoutes({
      'GET /api/monastery': { body: { monasteries: [kopan] } },
      'POST /api/monastery': {
        status: 422,
        body: {
          message: 'The request is not valid.',
          errors: { name: ['Name can be at most 120 characters.'] },
        },
      },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();
    await screen.findByText('Kopan Monastery');

    const form = createForm();
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Namo Buddha');
    await user.upload(within(form).getByLabelText(/^Image/), pictureFile());
    await user.type(
      within(form).getByRole('textbox', { name: /^Description/ }),
      'A hill east of the valley.',
    );
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await within(form).findByText('Name can be at most 120 characters.')).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Monastery Creation Failed',
        message: 'Name can be at most 120 characters.',
        color: 'red',
      }),
    );
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveValue('Namo Buddha');
  });

  it('says why a picture was refused (a message without fields)', async () => {
    const user = userEvent.setup();
    stubRoutes({
      'GET /api/monastery': { body: { monasteries: [kopan] } },
      'POST /api/monastery': {
        status: 422,
        body: { message: 'Each file must be a photo (JPEG, PNG, WebP or HEIC).' },
      },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();
    await screen.findByText('Kopan Monastery');

    const form = createForm();
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Namo Buddha');
    await user.upload(within(form).getByLabelText(/^Image/), pictureFile());
    await user.type(
      within(form).getByRole('textbox', { name: /^Description/ }),
      'A hill east of the valley.',
    );
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Monastery Creation Failed',
          message: 'Each file must be a photo (JPEG, PNG, WebP or HEIC).',
        }),
      ),
    );
  });

  it('refuses a file that is not a picture before sending anything', async () => {
    // The browser's own filter is off, as when a file is dropped rather than picked.
    const user = userEvent.setup({ applyAccept: false });
    stubRoutes({ 'GET /api/monastery': { body: { monasteries: [kopan] } } });
    renderPage();
    await screen.findByText('Kopan Monastery');

    const form = createForm();
    await user.upload(
      within(form).getByLabelText(/^Image/),
      new File(['not a picture'], 'notes.txt', { type: 'text/plain' }),
    );

    expect(
      await within(form).findByText('Choose one picture (JPEG, PNG, WebP, GIF or HEIC) of at most 10 MB.'),
    ).toBeInTheDocument();
    expect(
      within(form).queryByRole('img', { name: 'Preview of the chosen picture' }),
    ).not.toBeInTheDocument();
    // Choosing a picture instead clears the message.
    await user.upload(within(form).getByLabelText(/^Image/), pictureFile());
    await waitFor(() =>
      expect(
        within(form).queryByText('Choose one picture (JPEG, PNG, WebP, GIF or HEIC) of at most 10 MB.'),
      ).not.toBeInTheDocument(),
    );
  });

  it("edits in the 'Update Monastery' modal, keeping the picture unless a new one is chosen", async () => {
    const user = userEvent.setup();
    const renamed = { ...kopan, name: 'Kopan Gompa', status: 0 as const };
    const fetchMock = stubRoutes({
      'GET /api/monastery': { body: { monasteries: [kopan, tengboche] } },
      'POST /api/monastery/1': { body: { monasteries: [renamed, tengboche] } },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit Kopan Monastery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Monastery' });
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Kopan Monastery');
    expect(within(dialog).getByRole('textbox', { name: /^Description/ })).toHaveValue(kopan.description);
    expect(within(dialog).getByRole('img', { name: 'The current picture' })).toHaveAttribute(
      'src',
      '/uploads/kopan.webp',
    );
    expect(within(dialog).getByText('Leave empty to keep the current picture.')).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('textbox', { name: /^Name/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Name is required.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/monastery/1')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Kopan Gompa');
    await user.click(within(dialog).getByRole('radio', { name: 'Closed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Monastery Updated Successfully' }),
      ),
    );
    expect(callsTo(fetchMock, 'POST /api/monastery/1')).toEqual([
      // With the version the form was opened at (docs/decisions/040).
      {
        _method: 'patch',
        name: 'Kopan Gompa',
        description: kopan.description,
        // None entered in Nepali or Chinese: sent empty (docs/decisions/049).
        name_ne: '',
        name_zh_hant: '',
        description_ne: '',
        description_zh_hant: '',
        status: '0',
        version: '1',
      },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Update Monastery' })).not.toBeInTheDocument(),
    );
    expect(within(rowOf('Kopan Gompa')).getByText('Closed')).toBeInTheDocument();
  });

  it('requires a picture on edit when the monastery has none', async () => {
    const user = userEvent.setup();
    const fetchMock = stubRoutes({ 'GET /api/monastery': { body: { monasteries: [tengboche] } } });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit Tengboche Monastery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Monastery' });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Image is required.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/monastery/2')).toEqual([]);

    await user.upload(within(dialog).getByLabelText(/^Image/), pictureFile('tengboche.png'));
    expect(within(dialog).queryByText('Image is required.')).not.toBeInTheDocument();
    expect(toast).not.toHaveBeenCalled();
  });

  it('shows a failed update in the failure toast and keeps the modal open', async () => {
    const user = userEvent.setup();
    stubRoutes({
      'GET /api/monastery': { body: { monasteries: [kopan] } },
      'POST /api/monastery/1': { status: 404, body: { message: 'Monastery not found.' } },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit Kopan Monastery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Monastery' });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Updating Monastery Failed', message: 'Monastery not found.' }),
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Update Monastery' })).toBeInTheDocument();
  });

  it('deletes only after the confirmation, and says so', async () => {
    const user = userEvent.setup();
    const fetchMock = stubRoutes({
      'GET /api/monastery': { body: { monasteries: [kopan, tengboche] } },
      'DELETE /api/monastery/2': { body: { monasteries: [kopan] } },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Delete Tengboche Monastery' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Tengboche Monastery' });
    expect(within(dialog).getByText('Are you sure you want to delete monastery?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE /api/monastery/2')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Tengboche Monastery' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Tengboche Monastery' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Monastery Deleted Successfully' }),
      ),
    );
    expect(callsTo(fetchMock, 'DELETE /api/monastery/2')).toHaveLength(1);
    await waitFor(() => expect(within(table()).queryByText('Tengboche Monastery')).not.toBeInTheDocument());
  });

  it("says 'Monastery Delete Failed' when the server refuses", async () => {
    const user = userEvent.setup();
    stubRoutes({
      'GET /api/monastery': { body: { monasteries: [kopan] } },
      'DELETE /api/monastery/1': { status: 404, body: { message: 'Monastery not found.' } },
    });
    const toast = vi.spyOn(notifications, 'show');
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Delete Kopan Monastery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Kopan Monastery' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Monastery Delete Failed',
          message: 'Monastery not found.',
          color: 'red',
        }),
      ),
    );
    expect(within(table()).getByText('Kopan Monastery')).toBeInTheDocument();
  });

  it('refreshes the public catalogue after a write, so the public pages in this tab are current', async () => {
    const user = userEvent.setup();
    stubRoutes({
      'GET /api/monastery': { body: { monasteries: [kopan, tengboche] } },
      'DELETE /api/monastery/2': { body: { monasteries: [kopan] } },
    });
    const { queryClient } = renderPage();
    queryClient.setQueryData(monasteriesQueryKey, { monasteries: [kopan, tengboche] });

    await user.click(await screen.findByRole('button', { name: 'Delete Tengboche Monastery' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(queryClient.getQueryState(monasteriesQueryKey)?.isInvalidated).toBe(true));
  });

  it('searches and pages a long list in the browser', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 45 }, (_, index) =>
      monastery({
        id: index + 1,
        slug: `monastery-${index + 1}`,
        name: `Gompa ${String(index + 1).padStart(2, '0')}`,
      }),
    );
    stubRoutes({ 'GET /api/monastery': { body: { monasteries: many } } });
    renderPage();

    await screen.findByText('Gompa 01');
    const names = () =>
      within(table())
        .getAllByText(/^Gompa \d+$/)
        .map((cell) => cell.textContent);
    expect(names()).toHaveLength(20);
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(names()).toEqual(['Gompa 41', 'Gompa 42', 'Gompa 43', 'Gompa 44', 'Gompa 45']);
    expect(screen.getByText('41–45 of 45')).toBeInTheDocument();

    // Every word, in any order, case-insensitively; a new search starts from its first page.
    await user.type(screen.getByRole('searchbox', { name: 'Search monasteries' }), 'GOMPA 1');
    expect(names()).toEqual([
      'Gompa 01',
      'Gompa 10',
      'Gompa 11',
      'Gompa 12',
      'Gompa 13',
      'Gompa 14',
      'Gompa 15',
      'Gompa 16',
      'Gompa 17',
      'Gompa 18',
      'Gompa 19',
      'Gompa 21',
      'Gompa 31',
      'Gompa 41',
    ]);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search monasteries' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search monasteries' }), 'nowhere');
    expect(within(table()).getByText('No monastery matches “nowhere”.')).toBeInTheDocument();
  });
});
