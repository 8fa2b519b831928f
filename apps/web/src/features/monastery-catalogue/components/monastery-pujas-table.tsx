import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { formatRupees, type PujaWithPivot } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows.tsx';

const COLUMN_COUNT = 3;

interface MonasteryPujasTableProps {
  pujas: readonly PujaWithPivot[] | undefined;
  onEdit: (puja: PujaWithPivot) => void;
  onDelete: (puja: PujaWithPivot) => void;
}

/** docs/product.md#staff-pujas: the monastery's pujas with their cost, Edit and Delete; its own pujas marked 'Special'. */
export function MonasteryPujasTable({ pujas, onEdit, onDelete }: MonasteryPujasTableProps) {
  const { t } = useTranslation('staff');
  return (
    <Table.ScrollContainer minWidth={440}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('pujas.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('pujas.columns.name')}</Table.Th>
            <Table.Th>{t('pujas.columns.cost')}</Table.Th>
            <Table.Th>{t('pujas.columns.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pujas === undefined ? (
            <TableSkeletonRows rows={4} columns={COLUMN_COUNT} />
          ) : pujas.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMN_COUNT}>
                <Text c="dimmed" ta="center" py="md">
                  {t('pujas.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            pujas.map((puja) => (
              <Table.Tr key={puja.pivot.id} data-testid="puja-row">
                <Table.Td>
                  <Group gap="xs">
                    <Text fw={600}>{puja.name}</Text>
                    {puja.monastery_id !== null && (
                      <Badge color="saffron" variant="light" c="dark.7">
                        {t('pujas.special')}
                      </Badge>
                    )}
                    {puja.status === 0 && (
                      <Badge color="gray" variant="light" c="dark.7">
                        {t('pujas.closed')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatRupees(puja.pivot.cost)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => onEdit(puja)}
                      aria-label={t('pujas.editLabel', { name: puja.name })}
                    >
                      {t('pujas.edit')}
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      onClick={() => onDelete(puja)}
                      aria-label={t('pujas.deleteLabel', { name: puja.name })}
                    >
                      {t('pujas.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
