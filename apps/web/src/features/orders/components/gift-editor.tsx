import '../../../lib/orders-strings.ts';
import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { type GiftDetails, giftInputSchema, type Order } from '@puja/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useContractForm } from '../../../lib/contract-form.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useChangeGift, useOrderGift } from '../api/order-gift.ts';
import { type GiftFormValues, giftOf, orderDateRange } from '../utils/order-form.ts';
import { GiftFields } from './gift-fields.tsx';
import { GiftOfOrder } from './order-offering.tsx';

type Asking = 'change' | 'withdraw' | null;

/**
 * The order's dedication on the patron's order, with "Change" and, until its recipient is told,
 * "Withdraw" (docs/decisions/059). Once told, the editor changes only what the dedication's page shows
 * (their name, the words, whether the patron's name shows); the server holds the same rule.
 */
export function GiftOfOwnOrder({ order, today }: { order: Order; today: string }) {
  const { t } = useTranslation('orders');
  const [asking, setAsking] = useState<Asking>(null);
  const gift = order.gift;
  if (!gift) return null;
  const closed = ['declined', 'cancelled', 'expired'].includes(order.status);
  return (
    <Stack gap={4} align="flex-start">
      <GiftOfOrder gift={gift} />
      {!closed && (
        <Group gap="xs">
          <Button size="compact-sm" variant="default" onClick={() => setAsking('change')}>
            {t('gift.change')}
          </Button>
          {!gift.told_at && (
            <Button size="compact-sm" variant="default" c="red.8" onClick={() => setAsking('withdraw')}>
              {t('gift.withdraw')}
            </Button>
          )}
        </Group>
      )}
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={t(asking === 'withdraw' ? 'gift.withdrawTitle' : 'gift.changeTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('form.close') }}
      >
        {asking === 'change' && <ChangeGift order={order} today={today} onDone={() => setAsking(null)} />}
        {asking === 'withdraw' && (
          <WithdrawGift order={order} name={gift.recipient_name} onDone={() => setAsking(null)} />
        )}
      </Modal>
    </Stack>
  );
}

function ChangeGift({ order, today, onDone }: { order: Order; today: string; onDone: () => void }) {
  const { t } = useTranslation('orders');
  const current = useOrderGift(order.id, true);
  if (current.isPending) return <Loader size="sm" aria-label={t('gift.loading')} />;
  if (current.isError || !current.data) {
    return <Text c="red.9">{t('errors.unexpected', { ns: 'common' })}</Text>;
  }
  return <GiftForm order={order} today={today} gift={current.data.gift} onDone={onDone} />;
}

/** The form's messages on the gift's fields (`email` → `gift.email`), as GiftFields shows them. */
const underGift = (errors: FormErrors | Record<string, string[]>): FormErrors =>
  Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [
      `gift.${field}`,
      Array.isArray(message) ? message[0] : message,
    ]),
  );

function GiftForm({
  order,
  today,
  gift,
  onDone,
}: {
  order: Order;
  today: string;
  gift: GiftDetails;
  onDone: () => void;
}) {
  const { t } = useTranslation('orders');
  const { update } = useChangeGift(order.id);
  const told = gift.told_at !== null;
  const { min, max } = orderDateRange(today);
  const form = useContractForm<{ gift: GiftFormValues }>(
    giftInputSchema,
    {
      gift: {
        dedicate: true,
        recipient_name: gift.recipient_name,
        email: gift.email ?? '',
        phone: gift.phone ?? '',
        language: gift.language,
        tell_on: gift.tell_on,
        message: gift.message ?? '',
        show_patron: gift.show_patron,
      },
    },
    { request: (values) => giftOf(values.gift), refine: (_values, errors) => underGift(errors) },
  );
  const save = form.onSubmit((values) => {
    update.mutate(giftOf(values.gift), {
      onSuccess: () => {
        notifySuccess(t('gift.changed', { name: values.gift.recipient_name }));
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
          form.setErrors(underGift(error.errors));
          return;
        }
        if (error instanceof ApiError && error.status === 401) return;
        notifyError(error instanceof ApiError ? error.message : t('errors.unexpected', { ns: 'common' }));
        onDone();
      },
    });
  });
  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        {told && <Text size="sm">{t('gift.toldOnlyShown')}</Text>}
        <GiftFields form={form} min={told ? gift.tell_on : min} max={max} editing={{ told }} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('form.close')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('gift.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function WithdrawGift({ order, name, onDone }: { order: Order; name: string; onDone: () => void }) {
  const { t } = useTranslation('orders');
  const { withdraw } = useChangeGift(order.id);
  function confirm() {
    withdraw.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(t('gift.withdrawn', { name }));
        onDone();
      },
      onError: (error) => {
        onDone();
        if (error instanceof ApiError && error.status === 401) return;
        notifyError(error instanceof ApiError ? error.message : t('errors.unexpected', { ns: 'common' }));
      },
    });
  }
  return (
    <Stack gap="md">
      <Text>{t('gift.withdrawQuestion', { name })}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={withdraw.isPending} data-autofocus>
          {t('gift.keep')}
        </Button>
        <Button color="red.8" onClick={confirm} loading={withdraw.isPending}>
          {t('gift.withdrawConfirm')}
        </Button>
      </Group>
    </Stack>
  );
}
