import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type AdminPayment, formatRupees, recordRefundRequestSchema } from '@puja/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { useRecordRefund } from '../../api/record-refund.ts';
import { fieldErrorsOfApiError, isSessionEnd, reasonOfFailure } from '../../utils/field-errors.ts';

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
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>();
  const record = useRecordRefund();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (record.isPending) return;
    const check = recordRefundRequestSchema.safeParse({ reference });
    if (!check.success) {
      setError(check.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    record.mutate(
      { paymentId: payment.id, reference: check.data.reference },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          onDone();
        },
        onError: (failure) => {
          if (isSessionEnd(failure)) return;
          const title = t('payments.recordFailed');
          const fieldError = fieldErrorsOfApiError(failure, ['reference'] as const).reference;
          // A reference the server refused can be corrected here; anything else (not due any more) cannot.
          if (fieldError) {
            setError(fieldError);
            notifyError(fieldError, { title });
            return;
          }
          notifyError(reasonOfFailure(failure, t('errors.unexpected', { ns: 'common' })), { title });
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>
          {t('payments.recordIntro', {
            amount: formatRupees(payment.amount),
            patron: payment.order.patron.name || payment.order.patron.phone || t('table.none'),
            number: payment.order.number,
            provider: t(`paymentMethod.${payment.provider}`, { ns: 'orders' }),
          })}
        </Text>
        <TextInput
          label={t('payments.recordReference')}
          description={t('payments.recordReferenceHint')}
          required
          value={reference}
          onChange={(event) => {
            setReference(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          maxLength={100}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={record.isPending}>
            {t('payments.cancel')}
          </Button>
          <Button type="submit" loading={record.isPending}>
            {t('payments.recordSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
