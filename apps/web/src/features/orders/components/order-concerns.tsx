import '../../../lib/orders-strings.ts';
import { Badge, Button, Group, NativeSelect, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  CONCERN_KINDS,
  CONCERN_MESSAGE_MAX_LENGTH,
  type Concern,
  type ConcernKind,
  type Order,
  raiseConcernEndpoint,
} from '@puja/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useEndpointMutation } from '../../../lib/endpoint-client.ts';
import { formatBusinessTime, formatMoney, formatPujaDate } from '../../../lib/formatting.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { ordersQueryKey } from '../api/orders-query-keys.ts';

const STATUS_COLOURS: Record<Concern['status'], string> = {
  open: 'yellow',
  refunded: 'green',
  redone: 'blue',
  rejected: 'gray',
};

/**
 * The concerns raised about a performed puja and their outcomes (docs/decisions/036), on the patron's
 * order and, read only, on the staff's order page; the patron may raise one while `concern_until` lasts.
 */
export function OrderConcerns({ order, canRaise }: { order: Order; canRaise: boolean }) {
  const { t } = useTranslation('orders');
  const concerns = order.concerns ?? [];
  const raisable = canRaise && Boolean(order.concern_until);
  if (concerns.length === 0 && !raisable) return null;
  return (
    <Stack gap="xs" data-testid="order-concerns">
      <Title order={3} fz="h5">
        {t('concerns.heading')}
      </Title>
      {concerns.map((concern) => (
        <ConcernRecord key={concern.id} concern={concern} />
      ))}
      {raisable && <RaiseConcernForm order={order} />}
    </Stack>
  );
}

function ConcernRecord({ concern }: { concern: Concern }) {
  const { t } = useTranslation('orders');
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="concern">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600}>{t(`concerns.kinds.${concern.kind}`)}</Text>
        <Badge color={STATUS_COLOURS[concern.status]} variant="light" c="dark.7">
          {t(`concerns.status.${concern.status}`)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t('concerns.raisedAt', { time: formatBusinessTime(concern.created_at) })}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {concern.message}
      </Text>
      {concern.status === 'refunded' && concern.refund_amount !== null && (
        <Text size="sm" fw={500}>
          {t('concerns.refunded', { amount: formatMoney(concern.refund_amount) })}
        </Text>
      )}
      {concern.status === 'redone' && concern.redo_date && (
        <Text size="sm" fw={500}>
          {t('concerns.redone', { date: formatPujaDate(concern.redo_date) })}
        </Text>
      )}
      {concern.resolution_note && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {t('concerns.note', { note: concern.resolution_note })}
        </Text>
      )}
    </Paper>
  );
}

function RaiseConcernForm({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<ConcernKind>('name_missed');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const raise = useEndpointMutation(raiseConcernEndpoint, {
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
  if (!open)
    return (
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {t('concerns.until', { time: formatBusinessTime(order.concern_until!) })}
        </Text>
        <Button variant="default" onClick={() => setOpen(true)}>
          {t('concerns.raise')}
        </Button>
      </Stack>
    );
  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!message.trim()) {
      setError(t('concerns.messageRequired'));
      return;
    }
    raise.mutate(
      { params: { orderId: order.id }, body: { kind, message } },
      {
        onSuccess: () => {
          notifySuccess(t('concerns.raised'));
          setOpen(false);
          setMessage('');
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 401) return;
          notifyError(
            failure instanceof ApiError ? failure.message : t('errors.unexpected', { ns: 'common' }),
          );
        },
      },
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <NativeSelect
          label={t('concerns.kindLabel')}
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value as ConcernKind)}
          data={CONCERN_KINDS.map((value) => ({ value, label: t(`concerns.kinds.${value}`) }))}
        />
        <Textarea
          label={t('concerns.messageLabel')}
          description={t('concerns.messageHint')}
          value={message}
          onChange={(event) => {
            setMessage(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={CONCERN_MESSAGE_MAX_LENGTH}
          autosize
          minRows={3}
          required
        />
        <Group gap="xs">
          <Button type="submit" loading={raise.isPending}>
            {t('concerns.submit')}
          </Button>
          <Button variant="subtle" onClick={() => setOpen(false)}>
            {t('concerns.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
