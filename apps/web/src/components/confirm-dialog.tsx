import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The question, in the words of the form rules (docs/product.md#form-rules) where they have them. */
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The confirm button's colour: red for what destroys, another for what brings back (a restore). */
  confirmColor?: string;
  /** The action is on its way: its button waits, and Cancel can no longer stop it. */
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before something that cannot be undone, in the back office and the monastery's dashboard alike.
 * Cancel (or Escape) changes nothing, and has the focus: the safe choice is the one a stray Enter makes.
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  confirmColor = 'red.8',
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered withCloseButton={false}>
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={loading} data-autofocus>
          {cancelLabel}
        </Button>
        {/* The darker shade (red.8) keeps white text above AA contrast. */}
        <Button color={confirmColor} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
