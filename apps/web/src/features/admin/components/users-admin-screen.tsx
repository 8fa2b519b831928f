import { Grid, Paper, Skeleton, Stack, Title } from '@mantine/core';
import type { SessionUser } from '@puja/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { useSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCatalogueItems } from '../api/get-catalogue-items.ts';
import { useUsers } from '../api/get-users.ts';
import { useTablePage } from '../hooks/use-table-page.ts';
import { useSessionRevocation, useUserDeletion } from '../hooks/use-user-actions.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import { TablePagination, TableSearch } from './table-controls.tsx';
import { UserCreateCard } from './user-create-card.tsx';
import { UserEditModal } from './user-edit-modal.tsx';
import type { MonasteryOption } from './user-form.tsx';
import { UsersTable } from './users-table.tsx';

const searchTextOf = (user: SessionUser) => [user.name, user.email, user.phone];

/**
 * `/admin/manage-user` (SPEC §2): the users table with search and pages, the Create User form, the edit
 * modal, and the delete and sign-out-everywhere confirmations.
 */
export function UsersAdminScreen() {
  const { t } = useTranslation('admin');
  usePageTitle(t('users.title'));
  const session = useSession();
  const users = useUsers();
  // Staff may belong to a closed monastery too: the administrator's list has every one.
  const monasteries = useCatalogueItems('monastery');
  const table = useTablePage(users.data ?? [], searchTextOf);
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
              <TableSearch label={t('users.searchLabel')} value={table.search} onChange={table.setSearch} />
              {users.isPending ? (
                <Skeleton h={240} />
              ) : users.isError ? (
                <QueryErrorAlert error={users.error} onRetry={() => void users.refetch()} />
              ) : (
                <UsersTable
                  users={table.rows}
                  viewerId={session.user_id}
                  monasteryNames={monasteryNames}
                  emptyText={
                    table.search.trim()
                      ? t('users.noMatch', { search: table.search.trim() })
                      : t('users.empty')
                  }
                  onEdit={(user) => setEditingId(user.id)}
                  onRevoke={revocation.ask}
                  onDelete={deletion.ask}
                />
              )}
            </Stack>
            <TablePagination
              page={table.page}
              pageCount={table.pageCount}
              matching={table.matching}
              onChange={table.setPage}
            />
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
      <ConfirmModal
        opened={deletion.target !== null}
        title={t('confirm.deleteTitle', { name: nameOf(deletion.target) })}
        message={t('users.deleteConfirm')}
        confirmLabel={t('confirm.delete')}
        onConfirm={deletion.confirm}
        onClose={deletion.close}
        pending={deletion.isPending}
      />
      <ConfirmModal
        opened={revocation.target !== null}
        title={t('users.revokeTitle')}
        message={t('users.revokeConfirm', { name: nameOf(revocation.target) })}
        confirmLabel={t('users.revokeTitle')}
        onConfirm={revocation.confirm}
        onClose={revocation.close}
        pending={revocation.isPending}
      />
    </Stack>
  );
}
