import { Paper, Stack, Text } from '@mantine/core';
import type { OrderConversationResponse } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { formatMessageTime } from '../../../lib/formatting.ts';
import classes from './orders.module.css';

/** The monastery's messages about the order, each with its time (SPEC §9: 'hh:mm A MMM Do, YYYY'). */
export function OrderMessages({ messages }: { messages: OrderConversationResponse['messages'] }) {
  const { t } = useTranslation('orders');
  if (messages.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('orders.noMessages')}
      </Text>
    );
  }
  return (
    <Stack component="ol" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {messages.map((message, index) => (
        // Messages have no id; they never reorder, so their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={index}>
          <Paper withBorder radius="md" p="sm" bg="gray.0">
            <Text className={classes.message}>{message.message}</Text>
            <Text size="xs" c="dimmed" mt={4} component="time" dateTime={message.created_at}>
              {formatMessageTime(message.created_at)}
            </Text>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
