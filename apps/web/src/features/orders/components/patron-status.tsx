import '../../../lib/orders-strings.ts';
import { Badge, Stack, Text } from '@mantine/core';
import type { Order } from '@puja/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatPatronMoment, viewerTimeZone } from '../../../lib/formatting.ts';
import { PATRON_STATUS_COLOURS, patronStatus, payByOf } from '../utils/patron-status.ts';

type StatusOf = Pick<Order, 'status' | 'payment_status' | 'pay_by'>;

/** What happens next for an order, with the moment an unpaid one expires in Nepal time and the patron's. */
export function nextStepOf(t: TFunction<'orders'>, order: StatusOf, timeZone = viewerTimeZone()): string {
  const status = patronStatus(order);
  const payBy = payByOf(order);
  if (status === 'awaitingPayment')
    return payBy
      ? t('patronStatus.awaitingPayment.next', { time: formatPatronMoment(payBy, timeZone) })
      : t('patronStatus.awaitingPayment.nextUntimed');
  return t(`patronStatus.${status}.next`);
}

/**
 * Where an order stands, in the patron's words (issue 29): one badge for its state and its money together.
 * Written as it is (no capitals), and it wraps: a sentence, not a code.
 */
export function PatronStatusBadge({ order }: { order: StatusOf }) {
  const { t } = useTranslation('orders');
  const status = patronStatus(order);
  return (
    <Badge
      component="span"
      color={PATRON_STATUS_COLOURS[status]}
      variant="light"
      // The text stays dark on the tint, as light badges' own text is below AA.
      c="dark.7"
      tt="none"
      h="auto"
      py={3}
      styles={{ label: { whiteSpace: 'normal' } }}
    >
      {t(`patronStatus.${status}.title`)}
    </Badge>
  );
}

/** The status with what happens next, as the order's page gives it. */
export function PatronStatusSummary({ order, timeZone }: { order: StatusOf; timeZone?: string }) {
  const { t } = useTranslation('orders');
  return (
    <Stack gap={4} align="flex-start" data-testid="patron-status">
      <PatronStatusBadge order={order} />
      <Text size="sm">{nextStepOf(t, order, timeZone)}</Text>
    </Stack>
  );
}
