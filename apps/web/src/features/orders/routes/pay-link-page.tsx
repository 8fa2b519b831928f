import '../../../lib/orders-strings.ts';
import { Alert, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { PAYER_NAME_MAX_LENGTH, type PaymentLinkView } from '@puja/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ApproximatePrice } from '../../../components/approximate-price.tsx';
import { DetailsList, type DetailsRow } from '../../../components/details-list.tsx';
import { PujaDay } from '../../../components/puja-day.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney, formatPatronMoment } from '../../../lib/formatting.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { startLinkPayment, usePaymentLink } from '../api/payment-links.ts';
import { PaymentRedirectOverlay } from '../components/payment-redirect-overlay.tsx';
import { WalletButtons } from '../components/wallet-buttons.tsx';
import { type StartPayment, usePayForOrder } from '../hooks/use-pay-for-order.ts';

/** What the wallet's return says (payment-links.routes.ts), beside what the server says of the order. */
const RETURNS = ['success', 'error', 'checking', 'refund'] as const;

/**
 * `/pay/{token}` (docs/decisions/051): a "Pay for me" link's page, for whoever the patron gave it to,
 * signed in or not. It shows what the money is for, in the reader's language and currency display, and
 * pays with eSewa or Khalti; the wallet sends the payer back here, where it says "paid, thank you".
 */
export function PayLinkPage() {
  const { t } = useTranslation('orders');
  usePageTitle(t('payLink.title'));
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const returned = RETURNS.find((status) => status === search.get('status'));
  // Back from the wallet while it still confirms: asked again until the order reads paid.
  const [waiting, setWaiting] = useState(returned === 'checking' || returned === 'success');
  const query = usePaymentLink(token, { refetchInterval: waiting ? 5000 : false });
  if (waiting && query.data && query.data.state !== 'payable') setWaiting(false);

  let body: React.ReactNode;
  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 422))
    body = (
      <Alert color="red" title={t('payLink.closedTitle')}>
        {t('payLink.notFound')}
      </Alert>
    );
  else if (query.isError) body = <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = null;
  else body = <LinkDetails token={token} view={query.data} returned={returned} />;

  return (
    <Stack gap="lg" maw={640} mx="auto" py="md">
      <Title order={1}>{t('payLink.title')}</Title>
      {body}
    </Stack>
  );
}

function LinkDetails({
  token,
  view,
  returned,
}: {
  token: string;
  view: PaymentLinkView;
  returned: (typeof RETURNS)[number] | undefined;
}) {
  const { t } = useTranslation('orders');
  const rows: DetailsRow[] = [
    [t('orders.monastery'), view.monastery],
    [t('orders.puja'), view.puja],
    [t('orders.date'), <PujaDay key="date" date={view.puja_date} />],
    [
      t('orders.amount'),
      <span key="amount">
        {formatMoney(view.amount)}
        <ApproximatePrice rupees={view.amount} />
      </span>,
    ],
    ...(view.patron_name ? [[t('payLink.patron'), view.patron_name] as DetailsRow] : []),
    ...(view.names && view.names.length > 0
      ? [[t('payLink.names'), view.names.join(', ')] as DetailsRow]
      : []),
    ...(view.intention ? [[t('payLink.intention'), view.intention] as DetailsRow] : []),
  ];
  return (
    <Stack gap="md">
      {view.state === 'paid' && (
        <Alert color="green" title={t('payLink.paidTitle')} role="status">
          {t('payLink.paid')}
        </Alert>
      )}
      {view.state === 'closed' && (
        <Alert color="red" title={t('payLink.closedTitle')}>
          {returned === 'refund' ? t('payLink.refund') : t('payLink.closed')}
        </Alert>
      )}
      {view.state === 'payable' && <Text>{t('payLink.intro')}</Text>}
      {view.state === 'payable' && returned && returned !== 'success' && (
        <Alert color={returned === 'checking' ? 'blue' : 'orange'} role="status">
          {t(`payLink.${returned === 'checking' ? 'checking' : returned === 'refund' ? 'refund' : 'failed'}`)}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <DetailsList rows={rows} />
      </Paper>
      {view.state === 'payable' && <PayThroughLink token={token} view={view} />}
    </Stack>
  );
}

function PayThroughLink({ token, view }: { token: string; view: PaymentLinkView }) {
  const { t } = useTranslation('orders');
  const [payerName, setPayerName] = useState('');
  const start = useCallback<StartPayment>(
    (_orderId, method) => startLinkPayment(token, method, payerName),
    [token, payerName],
  );
  const { pay, leavingFor } = usePayForOrder(start);
  return (
    <Stack gap="md">
      {view.pay_by && <Text size="sm">{t('payLink.payBy', { time: formatPatronMoment(view.pay_by) })}</Text>}
      <TextInput
        label={t('payLink.payerName')}
        description={t('payLink.payerNameHint')}
        value={payerName}
        maxLength={PAYER_NAME_MAX_LENGTH}
        autoComplete="name"
        onChange={(event) => setPayerName(event.currentTarget.value)}
      />
      <Text size="sm">{t('payment.choose')}</Text>
      <WalletButtons disabled={leavingFor !== null} onPay={(method) => void pay(0, method)} />
      <PaymentRedirectOverlay leavingFor={leavingFor} />
    </Stack>
  );
}
