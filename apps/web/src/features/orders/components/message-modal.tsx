import { Button, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import type { Order } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { formatPujaDate } from '../../../lib/formatting.ts';
import { useLastShown } from '../../../lib/use-last-shown.ts';
import { useOrderConversation } from '../api/get-order-conversation.ts';
import { useMessageForm } from '../hooks/use-message-form.ts';
import type { OrderActions } from '../hooks/use-order-actions.ts';
import { patronLabel } from '../utils/patron-label.ts';
import { MessageTextarea } from './message-textarea.tsx';
import { StaffMessageList } from './staff-message-list.tsx';

interface MessageModalProps {
  /** The order whose patron is written to; null when closed. */
  order: Order | null;
  actions: OrderActions;
  onClose: () => void;
}

/** The Message modal (docs/product.md#staff-dashboard), titled 'Make Puja': a required message, Close and Message User. */
export function MessageModal({ order, actions, onClose }: MessageModalProps) {
  const { t } = useTranslation('staff');
  const shown = useLastShown(order);
  return (
    <Modal
      opened={order !== null}
      onClose={onClose}
      title={t('messageModal.title')}
      centered
      size="lg"
      // The Close button closes it (and Escape); a second, corner close button would only compete.
      withCloseButton={false}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {shown && <MessageForm key={shown.id} order={shown} actions={actions} onDone={onClose} />}
    </Modal>
  );
}

function MessageForm({
  order,
  actions,
  onDone,
}: {
  order: Order;
  actions: OrderActions;
  onDone: () => void;
}) {
  const { t } = useTranslation('staff');
  const text = useCatalogueText();
  const { form, submit, isSending } = useMessageForm(order, actions, onDone);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>
          {t('messageModal.to', {
            name: patronLabel(order.user),
            puja: text(order.monastery_puja.puja, 'name'),
            date: formatPujaDate(order.date),
          })}
        </Text>
        <OrderThread order={order} />
        <MessageTextarea
          form={form}
          label={t('messageModal.message')}
          countLabel={(length, max) => t('messageModal.count', { length, max })}
          minRows={4}
          maxRows={10}
          required
          autoFocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('messageModal.close')}
          </Button>
          <Button type="submit" loading={isSending}>
            {t('messageModal.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What the patron and the monastery have written on the order so far, so a reply answers it. */
function OrderThread({ order }: { order: Order }) {
  const { t } = useTranslation('staff');
  const conversation = useOrderConversation(order.id);
  if (conversation.isPending) return <Loader size="sm" aria-label={t('messageModal.thread')} />;
  const messages = conversation.data?.messages ?? [];
  return (
    <Stack gap={6} component="section" aria-label={t('messageModal.thread')}>
      {messages.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('messageModal.noThread')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={240} type="auto">
          <StaffMessageList
            messages={messages}
            senderOf={(message) =>
              message.from === 'patron'
                ? t('messageModal.fromPatron', { name: patronLabel(order.user) })
                : t('messageModal.fromMonastery')
            }
          />
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
