import '../../../lib/orders-strings.ts';
import { Button, Paper, Stack, Text } from '@mantine/core';
import {
  type MessageToMonasteryRequest,
  messageToMonasteryRequestSchema,
  type OrderConversationResponse,
} from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { endedTheSession, reasonOf, showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { formatPatronMoment } from '../../../lib/formatting.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useWriteToMonastery } from '../api/write-to-monastery.ts';
import { MessageTextarea } from './message-textarea.tsx';
import classes from './orders.module.css';

/**
 * The order's thread: the monastery's messages and the patron's own, oldest first, each with who wrote it
 * and when, then a box to write to the monastery.
 */
export function OrderMessages({
  orderId,
  monasteryName,
  messages,
  messagesUntil,
}: {
  orderId: number;
  monasteryName: string;
  messages: OrderConversationResponse['messages'];
  /**
   * Until when a declined or cancelled order takes messages (the server's `messages_until`); null or left
   * out for any other order, which has no end (docs/decisions/038).
   */
  messagesUntil?: string | null | undefined;
}) {
  const { t } = useTranslation('orders');
  // The server refuses a message after this moment; the page says so rather than offer a box that fails.
  const open = !messagesUntil || Date.now() < Date.parse(messagesUntil);
  return (
    <Stack gap="md">
      {messages.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {t('orders.noMessages')}
        </Text>
      ) : (
        <Stack component="ol" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {messages.map((message, index) => {
            const mine = message.from === 'patron';
            return (
              // Messages have no id; they never reorder, so their place is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index} className={mine ? classes.ownMessage : undefined}>
                <Paper withBorder radius="md" p="sm" bg={mine ? 'blue.0' : 'gray.0'}>
                  <Text size="xs" fw={600} mb={4}>
                    {mine ? t('orders.messageFromYou') : monasteryName}
                  </Text>
                  <Text className={classes.message}>{message.message}</Text>
                  <Text size="xs" c="dimmed" mt={4} component="time" dateTime={message.created_at}>
                    {formatPatronMoment(message.created_at)}
                  </Text>
                </Paper>
              </li>
            );
          })}
        </Stack>
      )}
      {messagesUntil && (
        <Text size="sm" c="dimmed">
          {open
            ? t('orders.messagesUntil', { time: formatPatronMoment(messagesUntil) })
            : t('orders.messagesClosed')}
        </Text>
      )}
      {open && <MessageComposer key={orderId} orderId={orderId} monasteryName={monasteryName} />}
    </Stack>
  );
}

function MessageComposer({ orderId, monasteryName }: { orderId: number; monasteryName: string }) {
  const { t } = useTranslation('orders');
  const form = useContractForm<MessageToMonasteryRequest>(messageToMonasteryRequestSchema, { message: '' });
  const writing = useWriteToMonastery(orderId);

  const send = form.onSubmit(async (values) => {
    try {
      await writing.mutateAsync(values.message);
      form.reset();
    } catch (error) {
      if (showServerErrors(form, error) || endedTheSession(error)) return;
      notifyError(reasonOf(error, t('orders.messageFailed')), { title: t('orders.messageNotSent') });
    }
  });

  return (
    <form onSubmit={send} noValidate>
      <Stack gap="xs">
        <MessageTextarea
          form={form}
          label={t('orders.writeLabel', { monastery: monasteryName })}
          countLabel={(length, max) => t('orders.writeCount', { length, max })}
          minRows={2}
          maxRows={8}
        />
        <Button type="submit" loading={writing.isPending} style={{ alignSelf: 'flex-end' }}>
          {t('orders.send')}
        </Button>
      </Stack>
    </form>
  );
}
