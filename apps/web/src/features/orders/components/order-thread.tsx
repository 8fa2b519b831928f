import { Button, Stack, Text, Title } from '@mantine/core';
import type { BackOfficeOrderResponse } from '@puja/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBusinessTime } from '../../../lib/formatting.ts';
import { useStaffMessageForm } from '../hooks/use-staff-message-form.ts';
import { patronLabel } from '../utils/patron-label.ts';
import { MessageTextarea } from './message-textarea.tsx';
import { StaffMessageList } from './staff-message-list.tsx';

interface OrderThreadProps {
  page: BackOfficeOrderResponse;
}

/**
 * The order's messages, oldest first, each with who wrote it and when; under them the staff's message to
 * the patron while the server says one may be sent (until the order is closed).
 */
export function OrderThread({ page }: OrderThreadProps) {
  const { t } = useTranslation('back-office-orders');
  const headingId = useId();
  const { order, messages, actions } = page;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} fz="h4" id={headingId}>
        {t('page.messagesHeading')}
      </Title>
      {messages.length === 0 ? (
        <Text c="dimmed">{t('page.noMessages')}</Text>
      ) : (
        <StaffMessageList
          messages={messages}
          senderOf={(message) =>
            message.from === 'patron'
              ? message.sender.trim() || patronLabel(order.user)
              : t('page.fromMonastery', { name: message.sender })
          }
        />
      )}
      {actions.message && order.messages_until && (
        <Text size="sm" c="dimmed">
          {t('page.threadOpenUntil', { time: formatBusinessTime(order.messages_until) })}
        </Text>
      )}
      {actions.message ? (
        <MessageForm orderId={order.id} />
      ) : (
        order.status !== 'pending' &&
        order.status !== 'approved' && (
          <Text size="sm" c="dimmed">
            {t('page.threadClosed')}
          </Text>
        )
      )}
    </Stack>
  );
}

function MessageForm({ orderId }: { orderId: number }) {
  const { t } = useTranslation('back-office-orders');
  const { form, submit, isSending } = useStaffMessageForm(orderId);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <MessageTextarea
          form={form}
          label={t('page.message')}
          countLabel={(length, max) => t('page.messageCount', { length, max })}
          minRows={3}
          maxRows={8}
          required
        />
        <Button type="submit" loading={isSending} w={{ base: '100%', sm: 'fit-content' }}>
          {t('page.send')}
        </Button>
      </Stack>
    </form>
  );
}
