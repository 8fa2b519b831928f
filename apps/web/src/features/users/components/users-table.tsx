import { ActionIcon, Badge, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { SessionUser } from '@puja/contract';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RecordCards } from '../../../components/record-cards.tsx';
import { RowActionButton } from '../../../components/row-action-button.tsx';
import { TableActionsCell, TableEmptyRow } from '../../../components/table-rows.tsx';
import { useCardLayout } from '../../../lib/use-card-layout.ts';
import { LeadSwitch } from './lead-switch.tsx';

interface UsersTableProps {
  users: readonly SessionUser[];
  /** The signed-in administrator: no deleting, demoting or signing out oneself from here. */
  viewerId: number | null;
  monasteryNames: ReadonlyMap<number, string>;
  emptyText: string;
  onEdit: (user: SessionUser) => void;
  onRevoke: (user: SessionUser) => void;
  onDelete: (user: SessionUser) => void;
}

const ROLE_COLORS = { admin: 'maroon', monastery: 'blue', user: 'gray' } as const;

/** docs/product.md#admin-users: name, email, phone, role and actions. */
export function UsersTable({
  users,
  viewerId,
  monasteryNames,
  emptyText,
  onEdit,
  onRevoke,
  onDelete,
}: UsersTableProps) {
  const { t } = useTranslation('admin');
  const cards = useCardLayout();
  const isSelf = (user: SessionUser) => user.id === viewerId;
  const nameOf = (user: SessionUser) => user.name || user.phone || user.email || `#${user.id}`;
  const nameLine = (user: SessionUser) => (
    <Text fw={500}>
      {user.name || t('table.none')}
      {isSelf(user) && (
        <Text span c="dimmed" size="sm">
          {' '}
          ({t('users.you')})
        </Text>
      )}
    </Text>
  );
  const role = (user: SessionUser) => {
    const monastery = user.monastery_id === null ? undefined : monasteryNames.get(user.monastery_id);
    return (
      <Stack gap={2} align="flex-start">
        <Badge color={ROLE_COLORS[user.role]} variant="light" c="dark.7">
          {t(`users.roles.${user.role}`)}
        </Badge>
        {monastery && (
          <Text size="xs" c="dimmed">
            {t('users.staffOf', { monastery })}
          </Text>
        )}
        {user.role === 'monastery' && <LeadSwitch user={user} />}
      </Stack>
    );
  };
  const actions = (user: SessionUser) => {
    const name = nameOf(user);
    return (
      <>
        {user.role === 'admin' ? (
          <Text size="xs" c="dimmed" maw={160}>
            {t('users.adminManaged')}
          </Text>
        ) : (
          <RowActionButton action="edit" name={name} onClick={() => onEdit(user)} />
        )}
        {!isSelf(user) && (
          <Tooltip label={t('table.revoke')} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray.8"
              aria-label={t('table.revokeItem', { name })}
              onClick={() => onRevoke(user)}
            >
              <IconLogout size={16} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        )}
        {user.role !== 'admin' && (
          <RowActionButton action="delete" name={name} onClick={() => onDelete(user)} />
        )}
      </>
    );
  };

  if (cards) {
    return (
      <RecordCards
        label={t('users.tableLabel')}
        rows={users}
        rowKey={(user) => user.id}
        title={nameLine}
        fields={(user) => [
          { label: t('users.email'), value: user.email ?? t('table.none') },
          { label: t('users.phone'), value: user.phone ?? t('table.none') },
          { label: t('users.role'), value: role(user) },
        ]}
        actions={actions}
        emptyText={emptyText}
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('users.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.name')}</Table.Th>
            <Table.Th>{t('users.email')}</Table.Th>
            <Table.Th>{t('users.phone')}</Table.Th>
            <Table.Th>{t('users.role')}</Table.Th>
            <Table.Th>{t('users.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.length === 0 && <TableEmptyRow columns={5}>{emptyText}</TableEmptyRow>}
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>{nameLine(user)}</Table.Td>
              <Table.Td>{user.email ?? t('table.none')}</Table.Td>
              <Table.Td>{user.phone ?? t('table.none')}</Table.Td>
              <Table.Td>{role(user)}</Table.Td>
              <TableActionsCell>{actions(user)}</TableActionsCell>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
