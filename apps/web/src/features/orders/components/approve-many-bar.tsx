import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { APPROVE_MANY_LIMIT, type ApproveManyResponse, type Order } from '@puja/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify.ts';
import { fetchMatchingOrderIds, useApproveMany } from '../api/approve-many.ts';
import type { BackOfficeOrderFilters } from '../api/get-back-office-orders.ts';
import { orderStage } from '../utils/order-stage.ts';

interface ApproveManyBarProps {
  filters: BackOfficeOrderFilters;
  /** The page's orders, of which those to approve can be selected. */
  orders: readonly Order[] | undefined;
  selected: ReadonlySet<number>;
  onSelect: (orderIds: readonly number[]) => void;
  onClear: () => void;
}

/**
 * Approving many orders at once (docs/decisions/039): select those to approve on the page, or every one the
 * search and filters match (a day's, for instance; at most APPROVE_MANY_LIMIT), then approve them with one
 * confirmation. The server approves each on its own and says what became of each; the answer stays on
 * screen until the next selection.
 */
export function ApproveManyBar({ filters, orders, selected, onSelect, onClear }: ApproveManyBarProps) {
  const { t } = useTranslation('back-office-orders');
  const approveMany = useApproveMany();
  const [confirming, setConfirming] = useState(false);
  const [selectingAll, setSelectingAll] = useState(false);
  const [outcome, setOutcome] = useState<ApproveManyResponse | null>(null);
  const onPage = (orders ?? [])
    .filter((order) => orderStage(order) === 'to_approve')
    .map((order) => order.id);
  const count = selected.size;

  async function selectAllMatching() {
    setSelectingAll(true);
    try {
      const { ids } = await fetchMatchingOrderIds({ ...filters, status: 'to_approve' });
      setOutcome(null);
      onSelect(ids);
    } catch {
      notifyError(t('approveMany.selectFailed'));
    } finally {
      setSelectingAll(false);
    }
  }

  async function approve() {
    try {
      const answer = await approveMany.mutateAsync([...selected]);
      setOutcome(answer);
      setConfirming(false);
      onClear();
    } catch {
      notifyError(t('approveMany.failed'));
    }
  }

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap" aria-label={t('approveMany.toolbar')} role="toolbar">
        <Text size="sm" fw={600} aria-live="polite">
          {t('approveMany.selected', { count })}
        </Text>
        <Button
          size="xs"
          variant="default"
          disabled={onPage.length === 0}
          onClick={() => {
            setOutcome(null);
            onSelect([...new Set([...selected, ...onPage])]);
          }}
        >
          {t('approveMany.selectPage', { count: onPage.length })}
        </Button>
        <Button size="xs" variant="default" loading={selectingAll} onClick={() => void selectAllMatching()}>
          {t('approveMany.selectMatching', { limit: APPROVE_MANY_LIMIT })}
        </Button>
        {count > 0 && (
          <Button size="xs" variant="subtle" onClick={onClear}>
            {t('approveMany.clear')}
          </Button>
        )}
        <Button size="xs" disabled={count === 0} onClick={() => setConfirming(true)}>
          {t('approveMany.approve', { count })}
        </Button>
      </Group>
      {outcome && <ApproveManyOutcome outcome={outcome} />}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('approveMany.confirmTitle', { count })}
        centered
      >
        <Stack gap="md">
          <Text>{t('approveMany.confirmText', { count })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('approveMany.cancel')}
            </Button>
            <Button loading={approveMany.isPending} onClick={() => void approve()}>
              {t('approveMany.confirm', { count })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** What became of each order: how many were approved, and each one that was not, with why. */
function ApproveManyOutcome({ outcome }: { outcome: ApproveManyResponse }) {
  const { t } = useTranslation('back-office-orders');
  const refused = outcome.results.filter((result) => result.outcome === 'refused');
  return (
    <Alert
      color={refused.length === 0 ? 'green' : 'yellow'}
      role="status"
      title={t('approveMany.done', { count: outcome.approved })}
    >
      {refused.length > 0 && (
        <Stack gap={4}>
          <Text size="sm">{t('approveMany.refused', { count: refused.length })}</Text>
          <List size="sm">
            {refused.map((result) => (
              <List.Item key={result.order_id}>
                {t('approveMany.refusedOrder', {
                  order: result.number ?? `#${result.order_id}`,
                  reason: t(`approveMany.reasons.${result.reason ?? 'not_found'}`),
                })}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Alert>
  );
}
