import { Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { PujaWithPivot } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { RecordCards } from '../../../components/record-cards.tsx';
import { TableActionsCell } from '../../../components/table-rows.tsx';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows.tsx';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { formatMoney, formatNumber } from '../../../lib/formatting.ts';
import { activeLanguage } from '../../../lib/i18n.ts';
import { useCardLayout } from '../../../lib/use-card-layout.ts';

const COLUMN_COUNT = 3;

interface MonasteryPujasTableProps {
  pujas: readonly PujaWithPivot[] | undefined;
  onEdit: (puja: PujaWithPivot) => void;
  onDelete: (puja: PujaWithPivot) => void;
}

/**
 * An offering's price in words (docs/decisions/054): "Rs. 2,500"; "Rs. 10 a butter lamp: 21, 108, 1,000";
 * "Rs. 10 a meal: 1 to 500"; "from Rs. 500" for pay what you can.
 */
function usePriceInWords() {
  const { t } = useTranslation('staff');
  return ({ pivot: { cost, pricing } }: PujaWithPivot): string => {
    const price = formatMoney(cost);
    if (pricing?.kind === 'pay_what_you_can') return t('pujas.pricing.payWhatYouCan', { price });
    if (pricing?.kind !== 'per_unit') return price;
    const unit = pricing.unit?.[activeLanguage()] || pricing.unit?.en || '';
    return pricing.quantities
      ? t('pujas.pricing.perUnitChoices', {
          price,
          unit,
          quantities: pricing.quantities.map(formatNumber).join(', '),
        })
      : t('pujas.pricing.perUnitRange', {
          price,
          unit,
          min: formatNumber(pricing.min_quantity ?? 1),
          max: formatNumber(pricing.max_quantity ?? 1),
        });
  };
}

/** docs/product.md#staff-pujas: the monastery's pujas with their cost, Edit and Delete; its own pujas marked 'Special'. */
export function MonasteryPujasTable({ pujas, onEdit, onDelete }: MonasteryPujasTableProps) {
  const { t } = useTranslation('staff');
  const text = useCatalogueText();
  const cards = useCardLayout();
  const priceInWords = usePriceInWords();
  const badges = (puja: PujaWithPivot) => (
    <>
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
    </>
  );
  const actions = (puja: PujaWithPivot) => (
    <>
      <Button
        size="xs"
        variant="light"
        onClick={() => onEdit(puja)}
        aria-label={t('pujas.editLabel', { name: text(puja, 'name') })}
      >
        {t('pujas.edit')}
      </Button>
      <Button
        size="xs"
        color="red"
        variant="light"
        onClick={() => onDelete(puja)}
        aria-label={t('pujas.deleteLabel', { name: text(puja, 'name') })}
      >
        {t('pujas.delete')}
      </Button>
    </>
  );
  // On a phone, cards: the table's three columns need 440 px, and scrolled sideways it hid the buttons.
  if (cards) {
    if (pujas === undefined) {
      return (
        <Stack gap="sm" aria-hidden="true">
          <Skeleton height={96} radius="md" />
          <Skeleton height={96} radius="md" />
        </Stack>
      );
    }
    return (
      <RecordCards
        label={t('pujas.tableLabel')}
        rows={pujas}
        rowKey={(puja) => puja.pivot.id}
        title={(puja) => (
          <Group gap="xs" wrap="wrap" data-testid="puja-row">
            <Text fw={600}>{text(puja, 'name')}</Text>
            {badges(puja)}
          </Group>
        )}
        fields={(puja) => [{ label: t('pujas.columns.cost'), value: priceInWords(puja) }]}
        actions={actions}
        emptyText={t('pujas.empty')}
      />
    );
  }
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
                    <Text fw={600}>{text(puja, 'name')}</Text>
                    {badges(puja)}
                  </Group>
                </Table.Td>
                <Table.Td>{priceInWords(puja)}</Table.Td>
                <TableActionsCell>{actions(puja)}</TableActionsCell>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
