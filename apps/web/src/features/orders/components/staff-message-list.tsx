import { Paper, Stack, Text } from '@mantine/core';
import type { OrderConversationResponse } from '@puja/contract';
import { formatMessageTime } from '../../../lib/formatting.ts';
import classes from './back-office-orders.module.css';

type ThreadMessage = OrderConversationResponse['messages'][number];

interface StaffMessageListProps<Message extends ThreadMessage> {
  /** Oldest first. */
  messages: readonly Message[];
  /** Who wrote the message, as the screen names them. */
  senderOf: (message: Message) => string;
}

/**
 * An order's thread as the monastery's staff read it, in the Message modal and on the order's page: each
 * message with who wrote it (the patron's tinted blue) and when. The patron's own view (order-messages.tsx)
 * is laid out from their side instead.
 */
export function StaffMessageList<Message extends ThreadMessage>({
  messages,
  senderOf,
}: StaffMessageListProps<Message>) {
  return (
    <Stack component="ol" gap={6} className={classes.thread}>
      {messages.map((message, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the thread only grows at its end; a place is a message
        <li key={index}>
          <Paper withBorder radius="sm" p="xs" bg={message.from === 'patron' ? 'blue.0' : 'gray.0'}>
            <Text size="xs" fw={600}>
              {senderOf(message)}
            </Text>
            <Text size="sm" className={classes.message}>
              {message.message}
            </Text>
            <Text size="xs" c="dimmed" component="time" dateTime={message.created_at}>
              {formatMessageTime(message.created_at)}
            </Text>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
