import { Button, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import type { AdminPaymentsResponse } from '@puja/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/formatting.ts';

interface RefundsDueSummaryProps {
  /** Across every payment, whatever the filters; undefined while loading. */
  refundsDue: AdminPaymentsResponse['refundsDue'] | undefined;
  /** Whether the list already shows only the refunds due. */
  showing: boolean;
  onShow: () => void;
}

/** How many payments are still to be returned, and how much: what an administrator looks at first. */
export function RefundsDueSummary({ refundsDue, showing, onShow }: RefundsDueSummaryProps) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const due = refundsDue !== undefined && refundsDue.count > 0;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="md"
      bg={due ? 'orange.0' : undefined}
    >
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <div>
          <Title order={2} fz="h4" id={headingId}>
            {t('payments.refundsDueHeading')}
          </Title>
          {refundsDue === undefined ? (
            <Skeleton h={20} w={260} mt={6} />
          ) : (
            <Text fw={due ? 600 : undefined}>
              {due
                ? t('payments.refundsDue', {
                    count: refundsDue.count,
                    amount: formatMoney(refundsDue.amount),
                  })
                : t('payments.noRefundsDue')}
            </Text>
          )}
        </div>
        {due && !showing && (
          <Button variant="default" onClick={onShow}>
            {t('payments.showRefundsDue')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
