import '../../../lib/orders-strings.ts';
import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  Modal,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  DEFAULT_BUSINESS_TIME_ZONE,
  PAYMENT_METHODS,
  type PaymentMethod,
  PICTURE_ACCEPT,
  type Plan,
  todayIn,
} from '@puja/contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApproximatePrice } from '../../../components/approximate-price.tsx';
import { DetailsList, type DetailsRow } from '../../../components/details-list.tsx';
import { PujaDay } from '../../../components/puja-day.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { formatMoney, formatPujaDate } from '../../../lib/formatting.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useConfirmation } from '../../../lib/use-confirmation.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import {
  startPlanPayment,
  useCancelPlan,
  usePausePlan,
  usePlan,
  useRemoveDepartedPhoto,
  useSetDepartedPhoto,
  useSkipOccurrence,
} from '../api/plans.ts';
import { PatronStatusBadge } from '../components/patron-status.tsx';
import { PaymentRedirectOverlay } from '../components/payment-redirect-overlay.tsx';
import { usePayForOrder } from '../hooks/use-pay-for-order.ts';
import { usePaymentOutcomeToast } from '../hooks/use-payment-outcome-toast.ts';
import { canCancel, moneyToRefundOnCancel } from '../utils/order-money.ts';
import { usePlanTitle } from '../utils/plan-label.ts';

type Occurrence = Plan['occurrences'][number];

/**
 * `/plans/{id}` (docs/decisions/056): the patron's dedication plan, where the wallets send the browser back
 * after paying it. Its details, paying what is still unpaid (the whole plan, one payment), each occurrence
 * with its day, where it stands and a link to its order, skipping one the monastery has not approved yet
 * (what was paid for it refunded), ending the plan, and the departed's photo. A plan paid each
 * (docs/decisions/058) is paid puja by puja, each by its own day, and can be paused and resumed.
 */
export function PlanPage() {
  const { t } = useTranslation('orders');
  usePageTitle(t('plans.page.title'));
  usePaymentOutcomeToast();
  const planId = Number(useParams().planId);
  const plan = usePlan(planId);

  return (
    <Stack gap="lg" maw={880} mx="auto" w="100%">
      <Anchor component={Link} to="/orders" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden="true" />
          {t('plans.page.back')}
        </Group>
      </Anchor>
      {plan.isError ? (
        <QueryErrorAlert error={plan.error} onRetry={() => void plan.refetch()} />
      ) : plan.data ? (
        <PlanView plan={plan.data} />
      ) : (
        <Skeleton h={320} />
      )}
    </Stack>
  );
}

function PlanView({ plan }: { plan: Plan }) {
  const { t } = useTranslation('orders');
  const text = useCatalogueText();
  const title = usePlanTitle();
  const skipping = useConfirmation<Occurrence>();
  const [ending, setEnding] = useState(false);
  const active = plan.status === 'active';
  const pending = plan.occurrences.filter(({ order }) => canCancel(order));
  const rows: DetailsRow[] = [
    [t('plans.page.monastery'), text(plan.monastery_puja.monastery, 'name')],
    [t('plans.page.puja'), text(plan.monastery_puja.puja, 'name')],
    ...(plan.departed
      ? [
          [
            t('plans.page.departed'),
            t('plans.page.diedOn', {
              name: plan.departed.name,
              date: formatPujaDate(plan.departed.date_of_death),
            }),
          ] as DetailsRow,
        ]
      : []),
    [t('plans.page.each'), formatMoney(plan.amount_each)],
    [
      t('plans.page.statusLabel'),
      <span key="status" data-testid="plan-status">
        {t(`plans.page.status.${plan.status}`)}
      </span>,
    ],
  ];

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {title(plan)}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <DetailsList rows={rows} />
          {plan.departed && <DepartedPhoto plan={plan} />}
        </Stack>
      </Paper>
      {active && !plan.pay_each && plan.amount_to_pay > 0 && <PayPlan plan={plan} />}
      {active && plan.pay_each && <PauseControl plan={plan} />}
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('plans.page.occurrences')}
        </Title>
        {plan.occurrences.map((occurrence) => (
          <OccurrenceRow
            key={occurrence.order.id}
            occurrence={occurrence}
            occurrences={plan.occurrences.length}
            payEach={active && plan.pay_each === true}
            onSkip={active && canCancel(occurrence.order) ? () => skipping.ask(occurrence) : undefined}
          />
        ))}
      </Stack>
      {active && pending.length > 0 && (
        <Group>
          <Button variant="outline" color="red.8" onClick={() => setEnding(true)}>
            {t('plans.page.end')}
          </Button>
        </Group>
      )}
      <SkipModal planId={plan.id} occurrence={skipping.target} onClose={skipping.close} />
      <EndModal planId={plan.id} opened={ending} onClose={() => setEnding(false)} />
    </Stack>
  );
}

/**
 * The departed's photo (docs/decisions/060), which the monastery's staff see on each puja's page to place it
 * on the shrine: shown through its signed link, added, replaced or removed here at any time.
 */
function DepartedPhoto({ plan }: { plan: Plan }) {
  const { t } = useTranslation('orders');
  const setPhoto = useSetDepartedPhoto();
  const removePhoto = useRemoveDepartedPhoto();
  const url = plan.departed?.photo_url ?? null;
  const busy = setPhoto.isPending || removePhoto.isPending;
  // The input forgets its file once sent, so the same file can be chosen again (after a refusal, say).
  const resetInput = useRef<() => void>(null);
  const unexpected = t('errors.unexpected', { ns: 'common' });

  function choose(photo: File | null) {
    if (!photo || busy) return;
    setPhoto.mutate(
      { planId: plan.id, photo },
      {
        onSuccess: () => notifySuccess(t(url ? 'plans.photo.replaced' : 'plans.photo.added')),
        onError: (error) => failed(error, t('plans.photo.addFailed'), unexpected),
        onSettled: () => resetInput.current?.(),
      },
    );
  }

  function remove() {
    if (busy) return;
    removePhoto.mutate(plan.id, {
      onSuccess: () => notifySuccess(t('plans.photo.removed')),
      onError: (error) => failed(error, t('plans.photo.removeFailed'), unexpected),
    });
  }

  return (
    <Stack gap="xs" data-testid="departed-photo">
      <Text fw={600}>{t('plans.photo.heading')}</Text>
      {url ? (
        <img
          src={url}
          alt={t('plans.photo.alt', { name: plan.departed?.name })}
          style={{ maxWidth: 200, maxHeight: 240, objectFit: 'contain', borderRadius: 4, display: 'block' }}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('plans.photo.none')}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {t('plans.photo.hint')}
      </Text>
      <Group gap="sm">
        <FileButton onChange={choose} accept={PICTURE_ACCEPT} resetRef={resetInput}>
          {(props) => (
            <Button {...props} variant="default" size="xs" loading={setPhoto.isPending} disabled={busy}>
              {t(url ? 'plans.photo.replace' : 'plans.photo.add')}
            </Button>
          )}
        </FileButton>
        {url && (
          <Button
            variant="subtle"
            color="red.8"
            size="xs"
            onClick={remove}
            loading={removePhoto.isPending}
            disabled={busy}
          >
            {t('plans.photo.remove')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Paying what is still unpaid of the plan, in one payment (the plan's own routes). */
function PayPlan({ plan }: { plan: Plan }) {
  const { t } = useTranslation('orders');
  const first = plan.occurrences[0]?.order.payment_type;
  const [method, setMethod] = useState<PaymentMethod>(first === 'khalti' ? 'khalti' : 'esewa');
  const { pay, leavingFor } = usePayForOrder(startPlanPayment);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Text fw={700} fz="lg" data-testid="plan-to-pay">
          {t('plans.page.toPay')}: {formatMoney(plan.amount_to_pay)}
          <ApproximatePrice rupees={plan.amount_to_pay} />
        </Text>
        <Radio.Group
          label={t('plans.page.paymentMethod')}
          value={method}
          onChange={(value) => setMethod(value as PaymentMethod)}
        >
          <Group mt="xs" gap="lg">
            {PAYMENT_METHODS.map((wallet) => (
              <Radio key={wallet} value={wallet} label={t(`paymentMethod.${wallet}`)} />
            ))}
          </Group>
        </Radio.Group>
        <Group>
          <Button onClick={() => void pay(plan.id, method)} loading={leavingFor !== null}>
            {t('plans.page.pay', { amount: formatMoney(plan.amount_to_pay) })}
          </Button>
        </Group>
      </Stack>
      <PaymentRedirectOverlay leavingFor={leavingFor} />
    </Paper>
  );
}

/**
 * A plan paid each, running or paused (docs/decisions/058): pausing stops the pujas not yet paid from
 * coming due and frees their days; resuming makes those still ahead due again.
 */
function PauseControl({ plan }: { plan: Plan }) {
  const { t } = useTranslation('orders');
  const change = usePausePlan();
  const paused = plan.paused_at != null;
  function toggle() {
    if (change.isPending) return;
    change.mutate(
      { planId: plan.id, pause: !paused },
      {
        onSuccess: () => notifySuccess(paused ? t('plans.page.resumed') : t('plans.page.paused')),
        onError: (error) =>
          failed(error, t('plans.page.pauseFailed'), t('errors.unexpected', { ns: 'common' })),
      },
    );
  }
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Text data-testid="plan-pay-each">
          {paused ? t('plans.page.pausedNote') : t('plans.page.payEachNote')}
        </Text>
        <Group>
          <Button variant={paused ? 'filled' : 'default'} onClick={toggle} loading={change.isPending}>
            {paused ? t('plans.page.resume') : t('plans.page.pause')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Paying one occurrence of a plan paid each: its order's own payment, with the wallet it was ordered with. */
function PayOccurrence({ order }: { order: Occurrence['order'] }) {
  const { t } = useTranslation('orders');
  const { pay, leavingFor } = usePayForOrder();
  const method: PaymentMethod = order.payment_type === 'khalti' ? 'khalti' : 'esewa';
  // The last day it can be paid, in Nepal: the day before the moment it is due.
  const lastDay = todayIn(DEFAULT_BUSINESS_TIME_ZONE, new Date(Date.parse(order.pay_by!) - 60_000));
  return (
    <Stack gap={4} align="flex-end">
      <Button size="xs" onClick={() => void pay(order.id, method)} loading={leavingFor !== null}>
        {t('plans.page.payOne', { amount: formatMoney(order.amount) })}
      </Button>
      <Text size="xs" c="dimmed">
        {t('plans.page.payBy', { date: formatPujaDate(lastDay) })}
      </Text>
      <PaymentRedirectOverlay leavingFor={leavingFor} />
    </Stack>
  );
}

function OccurrenceRow({
  occurrence: { occurrence, order, day_unavailable, paused },
  occurrences,
  payEach,
  onSkip,
}: {
  occurrence: Occurrence;
  occurrences: number;
  payEach: boolean;
  onSkip: (() => void) | undefined;
}) {
  const { t } = useTranslation('orders');
  return (
    <Paper withBorder p="sm" radius="md" data-testid="plan-occurrence">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('plans.page.occurrence', { occurrence, occurrences })}
          </Text>
          <Text fw={600}>
            <PujaDay date={order.date} time={order.time} />
          </Text>
          <Group gap="xs">
            <PatronStatusBadge order={order} />
            <Anchor component={Link} to={`/orders?oid=${order.id}`} size="sm">
              {t('plans.page.order', { number: order.number })}
            </Anchor>
          </Group>
          {day_unavailable && (
            <Text size="sm" c="orange.9">
              {t('plans.page.dayUnavailable')}
            </Text>
          )}
          {paused && (
            <Text size="sm" c="dimmed" data-testid="occurrence-paused">
              {t('plans.page.occurrencePaused')}
            </Text>
          )}
        </Stack>
        {payEach && order.pay_by && <PayOccurrence order={order} />}
        {onSkip && (
          <Button
            variant="default"
            size="xs"
            onClick={onSkip}
            aria-label={`${t('plans.page.skip')}: ${formatPujaDate(order.date)}`}
          >
            {t('plans.page.skip')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

function SkipModal({
  planId,
  occurrence: asked,
  onClose,
}: {
  planId: number;
  occurrence: Occurrence | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const skip = useSkipOccurrence();
  // The last occurrence asked about stays shown while the modal animates closed.
  const [lastAsked, setLastAsked] = useState(asked);
  if (asked !== null && asked !== lastAsked) setLastAsked(asked);
  const shown = asked ?? lastAsked;
  const refund = shown ? moneyToRefundOnCancel(shown.order) : null;

  function confirm() {
    if (!asked || skip.isPending) return;
    const date = formatPujaDate(asked.order.date);
    skip.mutate(
      { planId, orderId: asked.order.id },
      {
        onSuccess: () => {
          notifySuccess(
            refund
              ? t('plans.page.skippedRefund', { date, amount: formatMoney(refund.amount) })
              : t('plans.page.skipped', { date }),
          );
          onClose();
        },
        onError: (error) => {
          onClose();
          failed(error, t('plans.page.skipFailed'), t('errors.unexpected', { ns: 'common' }));
        },
      },
    );
  }

  return (
    <ConfirmModal
      opened={asked !== null}
      onClose={onClose}
      title={t('plans.page.skipTitle')}
      confirmLabel={t('plans.page.skipConfirm')}
      onConfirm={confirm}
      pending={skip.isPending}
    >
      {shown && (
        <>
          <Text>{t('plans.page.skipQuestion', { date: formatPujaDate(shown.order.date) })}</Text>
          {refund && (
            <Text fw={600}>{t('plans.page.skipRefund', { amount: formatMoney(refund.amount) })}</Text>
          )}
        </>
      )}
    </ConfirmModal>
  );
}

function EndModal({ planId, opened, onClose }: { planId: number; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const end = useCancelPlan();
  function confirm() {
    if (end.isPending) return;
    end.mutate(planId, {
      onSuccess: () => {
        notifySuccess(t('plans.page.ended'));
        onClose();
      },
      onError: (error) => {
        onClose();
        failed(error, t('plans.page.endFailed'), t('errors.unexpected', { ns: 'common' }));
      },
    });
  }
  return (
    <ConfirmModal
      opened={opened}
      onClose={onClose}
      title={t('plans.page.endTitle')}
      confirmLabel={t('plans.page.endConfirm')}
      onConfirm={confirm}
      pending={end.isPending}
    >
      <Alert color="orange" variant="light">
        {t('plans.page.endQuestion')}
      </Alert>
    </ConfirmModal>
  );
}

/** A refusal, in a toast with the server's reason (a 401 has already said 'Session Expired'). */
function failed(error: unknown, title: string, unexpected: string) {
  if (error instanceof ApiError && error.status === 401) return;
  notifyError(error instanceof ApiError ? error.message : unexpected, { title });
}

/** Asks before a change that cannot be undone; keeping things as they are has the focus. */
function ConfirmModal({
  opened,
  onClose,
  title,
  confirmLabel,
  onConfirm,
  pending,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  pending: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('orders');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('form.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            {t('plans.page.keep')}
          </Button>
          {/* The darker red keeps white text above AA contrast. */}
          <Button color="red.8" onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
