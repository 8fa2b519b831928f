import type { AuditEntry, AuditLogResponse } from '@puja/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAsAdmin, stubRoutes } from '../../../test/admin-fixtures.ts';
import { chooseOption, renderRoutes } from '../../../test/render-app.tsx';
import { AdminAuditLogPage } from './admin-audit-log-page.tsx';

const admin = { id: 1, name: 'Demo Administrator', role: 'admin' };
function entry(overrides: Partial<AuditEntry>): AuditEntry {
  return {
    id: 10,
    at: '2026-11-20T04:15:00.000Z',
    actor: admin,
    action: 'archive',
    subject: 'monastery',
    subjectId: 5,
    before: { name: 'Sera Monastery', status: 1 },
    after: { archived_at: '2026-11-20T04:15:00.000Z' },
    ...overrides,
  };
}
const archived = entry({ id: 12 });
const restored = entry({
  id: 13,
  action: 'update',
  before: { archived_at: '2026-11-20T04:15:00.000Z' },
  after: { archived_at: null },
});
const approved = entry({
  id: 11,
  actor: { id: 4, name: 'Demo Kopan Staff', role: 'monastery' },
  action: 'approve',
  subject: 'order',
  subjectId: 41,
  before: { status: 'pending' },
  after: { status: 'approved', name: 'PJ-7K3M9Q' },
});
const log = (entries: AuditEntry[], nextBefore: number | null = null): { body: AuditLogResponse } => ({
  body: { entries, nextBefore },
});

function renderPage(path = '/admin/audit') {
  return renderRoutes([{ path: '/admin/audit', element: <AdminAuditLogPage /> }], path);
}
const requests = (fetchMock: ReturnType<typeof stubRoutes>) =>
  fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith('/api/admin/audit-log'));
const table = () => screen.findByRole('table', { name: 'Audit log' });

beforeEach(() => {
  signInAsAdmin();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('AdminAuditLogPage', () => {
  it('reads each entry as a sentence, with when, the role it was done in and what changed', async () => {
    stubRoutes({ 'GET /api/admin/audit-log': log([restored, archived, approved]) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Audit log', level: 1 })).toBeInTheDocument();
    const rows = within(await table()).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Demo Administrator restored monastery #5');
    expect(rows[1]).toHaveTextContent('archived_at: 2026-11-20T04:15:00.000Z → —');
    expect(rows[2]).toHaveTextContent('Demo Administrator archived monastery “Sera Monastery”');
    expect(rows[2]).toHaveTextContent('name: Sera Monastery');
    expect(rows[2]).not.toHaveTextContent('→');
    expect(rows[3]).toHaveTextContent('Demo Kopan Staff approved order “PJ-7K3M9Q”');
    expect(rows[3]).toHaveTextContent('Monastery staff');
    expect(rows[3]).toHaveTextContent('status: pending → approved');
    // One page only: no paging buttons.
    expect(screen.queryByRole('button', { name: 'Older' })).not.toBeInTheDocument();
  });

  it('filters by who, what and when on the server, keeps the filters in the address, and clears them', async () => {
    const user = userEvent.setup();
    const fetchMock = stubRoutes({ 'GET /api/admin/audit-log': log([archived]) });
    const { router } = renderPage();
    await table();
    expect(requests(fetchMock)).toEqual(['/api/admin/audit-log']);

    await user.type(screen.getByRole('searchbox', { name: 'Who' }), 'demo admin');
    await waitFor(() => expect(requests(fetchMock).at(-1)).toBe('/api/admin/audit-log?actor=demo+admin'));
    // Typing is sent once it pauses, not letter by letter.
    expect(requests(fetchMock).filter((url) => url.includes('actor='))).toHaveLength(1);

    await chooseOption(user, screen.getByRole('textbox', { name: 'What was done' }), 'Archived');
    await waitFor(() =>
      expect(requests(fetchMock).at(-1)).toBe('/api/admin/audit-log?actor=demo+admin&action=archive'),
    );
    await chooseOption(user, screen.getByRole('textbox', { name: 'To what' }), 'Monasteries');
    const from = screen.getByRole('textbox', { name: 'From' });
    await user.type(from, '2026-11-01');
    await user.tab();
    await user.type(screen.getByRole('textbox', { name: 'To' }), '2026-11-30');
    await user.tab();
    await waitFor(() =>
      expect(requests(fetchMock).at(-1)).toBe(
        '/api/admin/audit-log?actor=demo+admin&action=archive&subject=monastery&from=2026-11-01&to=2026-11-30',
      ),
    );
    expect(router.state.location.search).toBe(
      '?actor=demo+admin&action=archive&subject=monastery&from=2026-11-01&to=2026-11-30',
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Who' })).toHaveValue('');
    await waitFor(() => expect(requests(fetchMock).at(-1)).toBe('/api/admin/audit-log'));
  }, 40_000);

  it('opens with the filters a link carries, and says when nothing matches', async () => {
    const fetchMock = stubRoutes({ 'GET /api/admin/audit-log': log([]) });
    renderPage('/admin/audit?action=archive&subject=monastery&bogus=1&from=2026-02-30');
    expect(await screen.findByText('No entry matches these filters.')).toBeInTheDocument();
    // A day that does not exist is not sent; neither is what the page does not know.
    expect(requests(fetchMock)).toEqual(['/api/admin/audit-log?action=archive&subject=monastery']);
  });

  it('pages older with the server’s nextBefore and back to newer, with the same filters', async () => {
    const user = userEvent.setup();
    const fetchMock = stubRoutes({
      'GET /api/admin/audit-log': [
        log([restored, archived], 12),
        log([approved]),
        log([restored, archived], 12),
      ],
    });
    renderPage('/admin/audit?subject=monastery');
    await table();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() =>
      expect(requests(fetchMock).at(-1)).toBe('/api/admin/audit-log?subject=monastery&before=12'),
    );
    expect(await screen.findByText('Page 2')).toBeInTheDocument();
    expect(await screen.findByText('Demo Kopan Staff approved order “PJ-7K3M9Q”')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText('Page 1')).toBeInTheDocument();
    expect(screen.getByText('Demo Administrator restored monastery #5')).toBeInTheDocument();
  });
});
