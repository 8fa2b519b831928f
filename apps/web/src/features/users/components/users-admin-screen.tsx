import { Grid, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SessionUser } from '@puja/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageNavigation } from '../../../components/page-navigation.tsx';
import { QueryContent } from '../../../components/query-content.tsx';
import { TableSearch } from '../../../components/table-controls.tsx';
import { useSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCatalogueItems } from '../../catalogue/api/get-catalogue-items.ts';
import { useUsers } from '../api/get-users.ts';
import { useSessionRevocation, useUserDeletion } from '../hooks/use-user-actions.ts';
import { UserCreateCard } from './user-create-card.tsx';
import { UserEditModal } from './user-edit-modal.tsx';
import type { MonasteryOption } from './user-form.tsx';
import { UsersTable } from './users-table.tsx';

/** Typing is sent to the server once it pauses. */
const SEARCH_DELAY_MS = 300;

/**
 * `/admin/manage-user` (docs/product.md#admin-users): the users table with search and pages, the Create User form, the edit
 * modal, and the delete and sign-out-everywhere confirmations.
 */
export function UsersAdminScreen() {
  const { t } = useTranslation('admin');
  usePageTitle(t('users.title'));
  const session = useSession();
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // A page belongs to the search it was chosen in: a new search starts from its first page.
  const [chosenPage, setChosenPage] = useState({ q: '', page: 1 });
  const page = chosenPage.q === typed ? chosenPage.page : 1;
  const setPage = (next: number) => setChosenPage({ q: typed, page: next });
  const users = useUsers({ page, q: typed });
  // Staff may belong to a closed monastery too: the administrator's list has every one.
  const monasteries = useCatalogueItems('monastery');
  const [editingId, setEditingId] = useState<number | null>(null);
  const deletion = useUserDeletion();
  const revocation = useSessionRevocation();

  const monasteryOptions = useMemo<MonasteryOption[]>(
    () =>
      (monasteries.data ?? []).map((monastery) => ({ value: String(monastery.id), label: monastery.name })),
    [monasteries.data],
  );
  const monasteryNames = useMemo(
    () => new Map((monasteries.data ?? []).map((monastery) => [monastery.id, monastery.name])),
    [monasteries.data],
  );
  const nameOf = (user: SessionUser | null) => user?.name || user?.phone || user?.email || '';

  return (
    <Stack gap="lg">
      <Title order={1}>{t('users.title')}</Title>
      <Grid gutter="lg" align="flex-start">
        <Grid.Col span={{ base: 12, xl: 8 }}>
          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              <TableSearch label={t('users.searchLabel')} value={search} onChange={setSearch} />
              <QueryContent query={users} loading={<Skeleton h={240} />}>
                {(found) => (
                  <UsersTable
                    users={found.users}
                    viewerId={session.user_id}
                    monasteryNames={monasteryNames}
                    emptyText={typed ? t('users.noMatch', { search: typed }) : t('users.empty')}
                    onEdit={(user) => setEditingId(user.id)}
                    onRevoke={revocation.ask}
                    onDelete={deletion.ask}
                  />
                )}
              </QueryContent>
            </Stack>
            {users.data && (
              <PageNavigation
                page={page}
                pageSize={users.data.pageSize}
                total={users.data.total}
                onChange={setPage}
              />
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 4 }}>
          <UserCreateCard monasteries={monasteryOptions} monasteriesLoading={monasteries.isPending} />
        </Grid.Col>
      </Grid>

      <UserEditModal
        userId={editingId}
        monasteries={monasteryOptions}
        monasteriesLoading={monasteries.isPending}
        onClose={() => setEditingId(null)}
      />
      <ConfirmDialog
        opened={deletion.target !== null}
        title={t('confirm.deleteTitle', { name: nameOf(deletion.target) })}
        message={t('users.deleteConfirm')}
        cancelLabel={t('confirm.cancel')}
        confirmLabel={t('confirm.delete')}
        onConfirm={deletion.confirm}
        onCancel={deletion.close}
        loading={deletion.isPending}
      />
      <ConfirmDialog
        opened={revocation.target !== null}
        title={t('users.revokeTitle')}
        message={t('users.revokeConfirm', { name: nameOf(revocation.target) })}
        cancelLabel={t('confirm.cancel')}
        confirmLabel={t('users.revokeTitle')}
        onConfirm={revocation.confirm}
        onCancel={revocation.close}
        loading={revocation.isPending}
      />
    </Stack>
  );
}
