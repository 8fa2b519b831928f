import '../../../lib/orders-strings.ts';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { type AdminPayment, type RecordRefundRequest, recordRefundRequestSchema } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { FormButtons } from '../../../components/form-buttons.tsx';
import { endedTheSession, reasonOf, showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { formatMoney } from '../../../lib/formatting.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRecordRefund } from '../api/record-refund.ts';

interface RecordRefundModalProps {
  /** The payment whose refund was made in the provider's merchant portal; null while closed. */
  payment: AdminPayment | null;
  onClose: () => void;
}

/** Records a refund made in eSewa's (or, when Khalti refused, Khalti's) merchant portal, by its reference. */
export function RecordRefundModal({ payment, onClose }: RecordRefundModalProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      opened={payment !== null}
      onClose={onClose}
      title={t('payments.recordTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {payment && <RecordRefundForm key={payment.id} payment={payment} onDone={onClose} />}
    </Modal>
  );
}

function RecordRefundForm({ payment, onDone }: { payment: AdminPayment; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const form = useContractForm<RecordRefundRequest>(recordRefundRequestSchema, { reference: '' });
  const record = useRecordRefund();

  const send = form.onSubmit((values) => {
    const { reference } = recordRefundRequestSchema.parse(values);
    record.mutate(
      { paymentId: payment.id, reference },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          onDone();
        },
        onError: (failure) => {
          if (endedTheSession(failure)) return;
          notifyError(reasonOf(failure, t('errors.unexpected', { ns: 'common' })), {
            title: t('payments.recordFailed'),
          });
          // A reference the server refused can be corrected here; anything else (not due any more) cannot.
          if (!showServerErrors(form, failure)) onDone();
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => (record.isPending ? event.preventDefault() : send(event))} noValidate>
      <Stack gap="md">
        <Text>
          {t('payments.recordIntro', {
            amount: formatMoney(payment.amount),
            patron: payment.order.patron.name || payment.order.patron.phone || t('table.none'),
            number: payment.order.number,
            provider: t(`paymentMethod.${payment.provider}`, { ns: 'orders' }),
          })}
        </Text>
        <TextInput
          label={t('payments.recordReference')}
          description={t('payments.recordReferenceHint')}
          required
          maxLength={100}
          {...form.getInputProps('reference')}
          data-autofocus
        />
        <FormButtons
          cancelLabel={t('payments.cancel')}
          onCancel={onDone}
          cancelDisabled={record.isPending}
          submitLabel={t('payments.recordSubmit')}
          submitting={record.isPending}
        />
      </Stack>
    </form>
  );
}
