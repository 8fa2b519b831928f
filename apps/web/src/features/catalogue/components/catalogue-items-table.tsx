import { Group, Image, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import imageFallbackUrl from '../../../assets/image-fallback.svg';
import { RecordCards } from '../../../components/record-cards.tsx';
import { RowActionButton } from '../../../components/row-action-button.tsx';
import { TableActionsCell, TableEmptyRow } from '../../../components/table-rows.tsx';
import { thumbnailSrc } from '../../../lib/picture-sources.ts';
import { useCardLayout } from '../../../lib/use-card-layout.ts';
import type { AdminCatalogueItem } from '../api/catalogue-item-requests.ts';
import { StatusBadge } from './status-badge.tsx';

interface CatalogueItemsTableProps {
  label: string;
  items: readonly AdminCatalogueItem[];
  emptyText: string;
  onEdit: (item: AdminCatalogueItem) => void;
  onDelete: (item: AdminCatalogueItem) => void;
}

/** docs/product.md#admin-monasteries-and-pujas: image, name with an open/closed badge, Edit and Delete. */
export function CatalogueItemsTable({ label, items, emptyText, onEdit, onDelete }: CatalogueItemsTableProps) {
  const { t } = useTranslation('admin');
  const cards = useCardLayout();
  const picture = (item: AdminCatalogueItem) => (
    <Image
      src={thumbnailSrc(item.image_path)}
      fallbackSrc={imageFallbackUrl}
      alt={t('catalogue.imageAlt', { name: item.name })}
      w={72}
      h={48}
      fit="cover"
      radius="sm"
      loading="lazy"
    />
  );
  const actions = (item: AdminCatalogueItem) => (
    <>
      <RowActionButton action="edit" name={item.name} onClick={() => onEdit(item)} />
      <RowActionButton action="delete" name={item.name} onClick={() => onDelete(item)} />
    </>
  );
  if (cards) {
    return (
      <RecordCards
        label={label}
        rows={items}
        rowKey={(item) => item.id}
        title={(item) => (
          <Group gap="xs" wrap="wrap">
            <Text fw={500}>{item.name}</Text>
            <StatusBadge status={item.status} />
          </Group>
        )}
        aside={picture}
        actions={actions}
        emptyText={emptyText}
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={96}>{t('catalogue.image')}</Table.Th>
            <Table.Th>{t('catalogue.name')}</Table.Th>
            <Table.Th w={200}>{t('catalogue.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.length === 0 && <TableEmptyRow columns={3}>{emptyText}</TableEmptyRow>}
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>{picture(item)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="wrap">
                  <Text fw={500}>{item.name}</Text>
                  <StatusBadge status={item.status} />
                </Group>
              </Table.Td>
              <TableActionsCell>{actions(item)}</TableActionsCell>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
