import { Badge, Table, Text } from '@mantine/core';
import type { EarningsPayout } from '@puja/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardPanel } from '../../../components/dashboard-panel.tsx';
import { PageNavigation } from '../../../components/page-navigation.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RecordCards } from '../../../components/record-cards.tsx';
import { formatBusinessTime, formatMoney, formatPujaDate } from '../../../lib/formatting.ts';
import { useCardLayout } from '../../../lib/use-card-layout.ts';
import { useEarningsPayouts } from '../api/earnings.ts';

const STATUS_COLORS = { in_transit: 'blue', paid: 'green', failed: 'red' } as const;

/** Each payout with its reference, date and status, newest first, a page at a time. */
export function PayoutsPanel({ monasteryId }: { monasteryId: number }) {
  const { t } = useTranslation('earnings');
  const [page, setPage] = useState(1);
  const payouts = useEarningsPayouts(monasteryId, page);
  const cards = useCardLayout();
  const status = (payout: EarningsPayout) => (
    <Badge color={STATUS_COLORS[payout.status]} variant="light">
      {t(`payouts.statuses.${payout.status}`)}
    </Badge>
  );
  const reference = (payout: EarningsPayout) =>
    payout.status === 'failed'
      ? t('payouts.failed', { reason: payout.failureReason ?? '' })
      : (payout.reference ?? '—');

  return (
    <DashboardPanel title={t('payouts.title')}>
      {payouts.isError ? (
        <QueryErrorAlert error={payouts.error} onRetry={() => void payouts.refetch()} />
      ) : !payouts.data ? (
        <Text c="dimmed" aria-busy="true">
          …
        </Text>
      ) : cards || payouts.data.payouts.length === 0 ? (
        <RecordCards
          label={t('payouts.title')}
          rows={payouts.data.payouts}
          rowKey={(payout) => payout.id}
          title={(payout) => (
            <Text fw={600}>
              {t('payouts.id')} #{payout.id} · {formatMoney(payout.amount)}
            </Text>
          )}
          aside={status}
          fields={(payout) => [
            { label: t('payouts.started'), value: formatBusinessTime(payout.startedAt) },
            { label: t('payouts.paidOn'), value: payout.paidOn ? formatPujaDate(payout.paidOn) : '—' },
            { label: t('payouts.reference'), value: reference(payout) },
          ]}
          emptyText={t('payouts.none')}
        />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={t('payouts.title')} verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payouts.id')}</Table.Th>
                <Table.Th>{t('payouts.started')}</Table.Th>
                <Table.Th ta="right">{t('payouts.amount')}</Table.Th>
                <Table.Th>{t('payouts.status')}</Table.Th>
                <Table.Th>{t('payouts.paidOn')}</Table.Th>
                <Table.Th>{t('payouts.reference')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payouts.data.payouts.map((payout) => (
                <Table.Tr key={payout.id}>
                  <Table.Td>#{payout.id}</Table.Td>
                  <Table.Td>{formatBusinessTime(payout.startedAt)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(payout.amount)}</Table.Td>
                  <Table.Td>{status(payout)}</Table.Td>
                  <Table.Td>{payout.paidOn ? formatPujaDate(payout.paidOn) : '—'}</Table.Td>
                  <Table.Td>{reference(payout)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {payouts.data && (
        <PageNavigation
          page={page}
          pageSize={payouts.data.pageInfo.pageSize}
          total={payouts.data.pageInfo.total}
          onChange={setPage}
        />
      )}
    </DashboardPanel>
  );
}
