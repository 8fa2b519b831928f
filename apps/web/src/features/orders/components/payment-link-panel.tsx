import '../../../lib/orders-strings.ts';
import { Anchor, Button, Checkbox, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Order } from '@puja/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney, formatPatronMoment } from '../../../lib/formatting.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreatePaymentLink, useWithdrawPaymentLink } from '../api/payment-links.ts';

/**
 * "Ask someone in Nepal to pay" (docs/decisions/051): the patron makes a payment link for their unpaid
 * order and shares it by copy, the phone's share sheet, WhatsApp, e-mail or SMS. The link is shown once,
 * when it is made (only its hash is kept); a new one replaces it, and it can be withdrawn.
 */
export function PaymentLinkPanel({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const create = useCreatePaymentLink();
  const withdraw = useWithdrawPaymentLink();
  const [showsNames, setShowsNames] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const live = order.payment_link ?? null;

  const failed = (title: string) => (error: Error) => {
    if (error instanceof ApiError && error.status === 401) return;
    notifyError(error instanceof ApiError ? error.message : t('errors.unexpected', { ns: 'common' }), {
      title,
      id: `payment-link-${order.id}`,
    });
  };
  const makeLink = () =>
    create.mutate(
      { params: { orderId: order.id }, body: { shows_names: showsNames } },
      {
        onSuccess: (made) => setUrl(`${window.location.origin}${made.path}`),
        onError: failed(t('paymentLink.failed')),
      },
    );
  const withdrawLink = () =>
    withdraw.mutate(
      { params: { orderId: order.id } },
      {
        onSuccess: () => {
          setUrl(null);
          notifySuccess(t('paymentLink.withdrawn'));
        },
        onError: failed(t('paymentLink.withdrawFailed')),
      },
    );

  const message = url
    ? t('paymentLink.message', {
        puja: order.monastery_puja.puja.name,
        monastery: order.monastery_puja.monastery.name,
        amount: formatMoney(order.amount),
        url,
      })
    : '';
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  return (
    <Stack gap="xs" component="section" aria-labelledby={`payment-link-${order.id}`}>
      <Title order={3} fz="h5" id={`payment-link-${order.id}`}>
        {t('paymentLink.heading')}
      </Title>
      <Text size="sm">{t('paymentLink.intro')}</Text>
      {url ? (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t('paymentLink.created')}
          </Text>
          <TextInput
            label={t('paymentLink.linkLabel')}
            value={url}
            readOnly
            onFocus={(e) => e.target.select()}
          />
          <Group gap="xs">
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? t('paymentLink.copied') : t('paymentLink.copy')}
                </Button>
              )}
            </CopyButton>
            {canShare && (
              <Button
                size="xs"
                variant="light"
                onClick={() => void navigator.share({ text: message }).catch(() => undefined)}
              >
                {t('paymentLink.share')}
              </Button>
            )}
            <Anchor
              size="sm"
              href={`https://wa.me/?text=${encodeURIComponent(message)}`}
              target="_blank"
              rel="noopener"
            >
              {t('paymentLink.whatsapp')}
            </Anchor>
            <Anchor
              size="sm"
              href={`mailto:?subject=${encodeURIComponent(t('paymentLink.subject'))}&body=${encodeURIComponent(message)}`}
            >
              {t('paymentLink.email')}
            </Anchor>
            <Anchor size="sm" href={`sms:?&body=${encodeURIComponent(message)}`}>
              {t('paymentLink.sms')}
            </Anchor>
          </Group>
        </Stack>
      ) : (
        live && (
          <Text size="sm">
            {t('paymentLink.live', { time: formatPatronMoment(live.created_at) })}
            {live.shows_names ? ` ${t('paymentLink.liveNamesShown')}` : ''}
          </Text>
        )
      )}
      {!url && (
        <Checkbox
          checked={showsNames}
          onChange={(event) => setShowsNames(event.currentTarget.checked)}
          label={t('paymentLink.showNames')}
          description={t('paymentLink.showNamesHint')}
        />
      )}
      <Group gap="xs">
        <Button variant="default" onClick={makeLink} loading={create.isPending}>
          {live || url ? t('paymentLink.renew') : t('paymentLink.create')}
        </Button>
        {(live || url) && (
          <Button variant="subtle" c="red.8" onClick={withdrawLink} loading={withdraw.isPending}>
            {t('paymentLink.withdraw')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
