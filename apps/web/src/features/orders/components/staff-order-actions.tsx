import { Button, Group, Stack, Text } from '@mantine/core';
import type { BackOfficeOrderResponse, Order } from '@puja/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PujaTimeInput } from '../../../components/puja-time-input.tsx';
import { useOrderActions } from '../hooks/use-order-actions.ts';
import { CompletionForm } from './completion-form.tsx';
import { type DeclineChoice, DeclineDialog } from './decline-dialog.tsx';
import { Section } from './order-section.tsx';
import { UpdateDateModal } from './update-date-modal.tsx';

/**
 * What the staff may do with the order now, as the server's `actions` say: approve a paid order, give a
 * pending one a new day or decline it, complete an approved one with its photos. The same hooks and
 * dialogs as the dashboard's; each action's answer (or refusal) makes the page read the order again.
 */
export function StaffOrderActions({ page }: { page: BackOfficeOrderResponse }) {
  const { t } = useTranslation('back-office-orders');
  const actions = useOrderActions();
  const { order, actions: allowed } = page;
  const [redating, setRedating] = useState<Order | null>(null);
  const [declining, setDeclining] = useState<Order | null>(null);
  // The puja's time of day sent with the approval (HH:MM, Nepal time), when the staff member gives one.
  const [time, setTime] = useState(order.time ?? '');
  const awaitingPaymentId = useId();
  const busy = actions.updating?.orderId === order.id;
  const unpaid = order.status === 'pending' && order.payment_status !== 'Completed';
  const anything = allowed.approve || allowed.redate || allowed.decline || allowed.complete;

  async function decline(choice: DeclineChoice) {
    if (!declining) return;
    const outcome = await actions.decline(declining, choice);
    if (outcome.ok) setDeclining(null);
  }

  return (
    <Section heading={t('page.actionsHeading')}>
      {!anything && <Text c="dimmed">{t('page.nothingToDo')}</Text>}
      {(allowed.approve || allowed.redate || allowed.decline) && (
        <Stack gap={4}>
          {allowed.approve && (
            <PujaTimeInput value={time} onChange={(event) => setTime(event.currentTarget.value)} maw={240} />
          )}
          <Group gap="xs" wrap="wrap">
            {(allowed.approve || unpaid) && (
              <Button
                onClick={() => void actions.approve(order, time.trim() || undefined)}
                loading={busy && actions.updating?.action === 'approve'}
                disabled={!allowed.approve || (busy && actions.updating?.action !== 'approve')}
                aria-describedby={allowed.approve ? undefined : awaitingPaymentId}
              >
                {t('page.approve')}
              </Button>
            )}
            {allowed.redate && (
              <Button variant="default" onClick={() => setRedating(order)} disabled={busy}>
                {t('page.updateDate')}
              </Button>
            )}
            {allowed.decline && (
              // 'red', not a shade: the light variant then takes the theme's AA red for its text.
              <Button variant="light" color="red" onClick={() => setDeclining(order)} disabled={busy}>
                {t('page.decline')}
              </Button>
            )}
          </Group>
          {!allowed.approve && unpaid && (
            <Text id={awaitingPaymentId} size="sm" c="dimmed">
              {t('page.awaitingPayment')}
            </Text>
          )}
        </Stack>
      )}
      {allowed.complete && (
        <CompletionForm key={order.id} order={order} actions={actions} onCompleted={() => undefined} />
      )}
      <UpdateDateModal
        order={redating}
        actions={actions}
        onClose={() => setRedating(null)}
        onDecline={(chosen) => {
          setRedating(null);
          setDeclining(chosen);
        }}
      />
      <DeclineDialog
        opened={declining !== null}
        loading={actions.updating?.action === 'decline'}
        onConfirm={(choice) => void decline(choice)}
        onCancel={() => setDeclining(null)}
      />
    </Section>
  );
}
