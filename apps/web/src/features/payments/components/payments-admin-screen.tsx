import { Paper, Skeleton, Stack } from '@mantine/core';
import type { AdminPayment } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PageNavigation } from '../../../components/page-navigation.tsx';
import { QueryContent } from '../../../components/query-content.tsx';
import { endedTheSession, reasonOf } from '../../../lib/contract-form.ts';
import { formatCurrencyAmount, formatMoney } from '../../../lib/formatting.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useConfirmation } from '../../../lib/use-confirmation.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useExportPayments } from '../api/export-payments.ts';
import { useAdminPayments } from '../api/get-admin-payments.ts';
import { usePaymentFilters } from '../hooks/use-payment-filters.ts';
import { useProviderRefund } from '../hooks/use-payment-refunds.ts';
import { PaymentFiltersBar } from './payment-filters-bar.tsx';
import { PaymentsTable } from './payments-table.tsx';
import { RecordRefundModal } from './record-refund-modal.tsx';
import { RefundsDueSummary } from './refunds-due-summary.tsx';

/**
 * `/admin/payments`: every payment, refunds due first, filtered and paged by the server
 * (`GET /api/admin/payments`), with the refunds still due at the top, refunding through Khalti or Stripe, recording
 * a refund made in a provider's portal, and the filtered list as CSV.
 */
export function PaymentsAdminScreen() {
  const { t } = useTranslation('admin');
  usePageTitle(t('payments.title'));
  const { filters, page, setFilter, setPage, search, setSearch, clear, filtered } = usePaymentFilters();
  const payments = useAdminPayments(filters, page);
  const providerRefund = useProviderRefund();
  const recording = useConfirmation<AdminPayment>();
  const exporting = useExportPayments();

  function exportCsv() {
    exporting.mutate(filters, {
      onError: (error) => {
        if (!endedTheSession(error)) {
          notifyError(reasonOf(error, t('errors.unexpected', { ns: 'common' })), {
            title: t('payments.exportFailed'),
          });
        }
      },
    });
  }

  const data = payments.data;
  const target = providerRefund.target;
  const byCard = target?.provider === 'stripe';

  return (
    <Stack gap="lg">
      <PageHeading title={t('payments.title')} intro={t('payments.intro')} />
      <RefundsDueSummary
        refundsDue={data?.refundsDue}
        showing={filters.status === 'Refund due'}
        onShow={() => setFilter('status', 'Refund due')}
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <PaymentFiltersBar
            filters={filters}
            filtered={filtered}
            onFilter={setFilter}
            search={search}
            onSearch={setSearch}
            onClear={clear}
            onExport={exportCsv}
            exporting={exporting.isPending}
          />
          <QueryContent query={payments} loading={<Skeleton h={240} />}>
            {(found) => (
              <PaymentsTable
                payments={found.payments}
                emptyText={filtered ? t('payments.noMatch') : t('payments.empty')}
                onRefundThroughProvider={providerRefund.ask}
                onRecordRefund={recording.ask}
              />
            )}
          </QueryContent>
        </Stack>
        {data && (
          <PageNavigation page={page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
        )}
      </Paper>

      <ConfirmDialog
        opened={target !== null}
        title={t(byCard ? 'payments.refundStripeConfirmTitle' : 'payments.refundConfirmTitle')}
        message={
          target
            ? t(byCard ? 'payments.refundStripeConfirm' : 'payments.refundConfirm', {
                // What the refund returns (the current one), in rupees and, by card, in the payer's currency.
                amount: formatMoney(target.refund_amount ?? target.amount),
                card: target.card
                  ? formatCurrencyAmount(
                      target.refunds.find((refund) => refund.state === 'due')?.card_amount ??
                        target.card.amount,
                      target.card.currency,
                    )
                  : '',
                patron: target.order.patron.name || target.order.patron.phone || t('table.none'),
                number: target.order.number,
              })
            : ''
        }
        cancelLabel={t('confirm.cancel')}
        confirmLabel={t(byCard ? 'payments.refundStripe' : 'payments.refundKhalti')}
        onConfirm={providerRefund.confirm}
        onCancel={providerRefund.close}
        loading={providerRefund.isPending}
      />
      <RecordRefundModal payment={recording.target} onClose={recording.close} />
    </Stack>
  );
}
