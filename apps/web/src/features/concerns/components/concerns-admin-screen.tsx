import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type AdminConcern,
  adminConcernsEndpoint,
  type ResolveConcernRequest,
  resolveConcernEndpoint,
} from '@puja/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { auditLogQueryKey } from '../../../lib/admin-query-keys.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-client.ts';
import { formatBusinessTime, formatMoney, formatPujaDate } from '../../../lib/formatting.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';

type Outcome = ResolveConcernRequest['outcome'];

/**
 * The administrators' queue of concerns (docs/decisions/036): each open concern beside its order's proof
 * (the names with when each was read, the completion photos), resolved by a refund (whole or part, up to
 * what is refundable), a redo on a new date, or a rejection with its reason. Resolved ones below.
 */
export function ConcernsAdminScreen() {
  const { t } = useTranslation('admin');
  const [which, setWhich] = useState<'open' | 'resolved'>('open');
  const concerns = useEndpointQuery(adminConcernsEndpoint, { query: { status: which } });
  return (
    <Stack gap="md">
      <Title order={1}>{t('concerns.title')}</Title>
      <Text c="dimmed">{t('concerns.intro')}</Text>
      <SegmentedControl
        value={which}
        onChange={(value) => setWhich(value as 'open' | 'resolved')}
        data={[
          { value: 'open', label: t('concerns.open', { count: concerns.data?.open ?? 0 }) },
          { value: 'resolved', label: t('concerns.resolved') },
        ]}
        w="fit-content"
      />
      {concerns.isError && <QueryErrorAlert error={concerns.error} onRetry={() => void concerns.refetch()} />}
      {concerns.data?.concerns.length === 0 && <Text c="dimmed">{t('concerns.none')}</Text>}
      {concerns.data?.concerns.map((concern) => (
        <ConcernCard key={concern.id} concern={concern} />
      ))}
    </Stack>
  );
}

function ConcernCard({ concern }: { concern: AdminConcern }) {
  const { t } = useTranslation('admin');
  const { t: to } = useTranslation('orders');
  const { order } = concern;
  return (
    <Paper withBorder radius="md" p="md" data-testid="admin-concern">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="h4">
            {t('concerns.orderHeading', {
              number: order.number,
              puja: order.puja,
              monastery: order.monastery,
            })}
          </Title>
          <Badge variant="light" c="dark.7">
            {to(`concerns.status.${concern.status}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t('concerns.orderFacts', {
            patron: order.patron,
            date: formatPujaDate(order.puja_date),
            amount: formatMoney(order.amount),
          })}
        </Text>
        {order.completed_at && (
          <Text size="sm" c="dimmed">
            {t('concerns.completedAt', { time: formatBusinessTime(order.completed_at) })}
          </Text>
        )}
        <Paper bg="gray.0" p="sm" radius="sm">
          <Text fw={600}>{to(`concerns.kinds.${concern.kind}`)}</Text>
          <Text size="sm" c="dimmed">
            {to('concerns.raisedAt', { time: formatBusinessTime(concern.created_at) })}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {concern.message}
          </Text>
        </Paper>
        <Title order={3} fz="h5">
          {t('concerns.proof')}
        </Title>
        <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {concern.names.length === 0 && <Text c="dimmed">{t('concerns.noNames')}</Text>}
          {concern.names.map((name) => (
            <Text component="li" size="sm" key={name.id}>
              {name.read_at
                ? t('concerns.nameRead', { name: name.name, time: formatBusinessTime(name.read_at) })
                : t('concerns.nameNotRead', { name: name.name })}
            </Text>
          ))}
        </Stack>
        {concern.images.length === 0 ? (
          <Text c="dimmed">{t('concerns.noPhotos')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
            {concern.images.map((image, index) => (
              <a key={image.id} href={image.url} target="_blank" rel="noopener">
                <img
                  src={image.url}
                  alt={t('concerns.photo', { number: index + 1 })}
                  style={{ width: '100%', borderRadius: 4 }}
                  loading="lazy"
                />
              </a>
            ))}
          </SimpleGrid>
        )}
        {order.refunds.length > 0 && (
          <>
            <Title order={3} fz="h5">
              {t('concerns.refundsHeading')}
            </Title>
            <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {order.refunds.map((refund) => (
                <Text component="li" size="sm" key={refund.id} data-testid="concern-refund">
                  {refund.refunded_at
                    ? t('concerns.refundMade', {
                        amount: formatMoney(refund.amount),
                        time: formatBusinessTime(refund.refunded_at),
                      })
                    : t('concerns.refundOpen', {
                        amount: formatMoney(refund.amount),
                        time: formatBusinessTime(refund.due_at),
                      })}
                </Text>
              ))}
            </Stack>
            <Text size="sm" fw={500}>
              {t('payments.refundable', { amount: formatMoney(order.refundable) })}
            </Text>
          </>
        )}
        {concern.status === 'open' ? (
          <ResolveForm concern={concern} />
        ) : (
          <Alert variant="light" color="gray">
            {concern.refund_amount !== null &&
              to('concerns.refunded', { amount: formatMoney(concern.refund_amount) })}
            {concern.redo_date && to('concerns.redone', { date: formatPujaDate(concern.redo_date) })}
            {concern.resolution_note && ` ${to('concerns.note', { note: concern.resolution_note })}`}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function ResolveForm({ concern }: { concern: AdminConcern }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>('refund');
  const [amount, setAmount] = useState<number | string>(concern.order.refundable);
  const [date, setDate] = useState('');
  const [note, setNote] = useState('');
  const resolve = useEndpointMutation(resolveConcernEndpoint, {
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [adminConcernsEndpoint.path] });
      void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
    },
  });
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const body: ResolveConcernRequest =
      outcome === 'refund'
        ? { outcome, amount: Number(amount), note }
        : outcome === 'redo'
          ? { outcome, date, note }
          : { outcome, note };
    resolve.mutate(
      { params: { concernId: concern.id }, body },
      {
        onSuccess: (answer) => notifySuccess(answer.message),
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
          label={t('concerns.outcome')}
          value={outcome}
          onChange={(event) => setOutcome(event.currentTarget.value as Outcome)}
          data={[
            { value: 'refund', label: t('concerns.outcomes.refund') },
            { value: 'redo', label: t('concerns.outcomes.redo') },
            { value: 'reject', label: t('concerns.outcomes.reject') },
          ]}
        />
        {outcome === 'refund' && (
          <NumberInput
            label={t('concerns.amount')}
            description={t('concerns.refundable', { amount: formatMoney(concern.order.refundable) })}
            value={amount}
            onChange={setAmount}
            min={0.01}
            max={concern.order.refundable}
            decimalScale={2}
          />
        )}
        {outcome === 'redo' && (
          <TextInput
            type="date"
            label={t('concerns.redoDate')}
            value={date}
            onChange={(event) => setDate(event.currentTarget.value)}
            required
          />
        )}
        <Textarea
          label={outcome === 'reject' ? t('concerns.reason') : t('concerns.noteOptional')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          autosize
          minRows={2}
          required={outcome === 'reject'}
        />
        <Button type="submit" loading={resolve.isPending} w="fit-content">
          {t('concerns.resolve')}
        </Button>
      </Stack>
    </form>
  );
}
