import { Button, Group } from '@mantine/core';

interface FormButtonsProps {
  /** The way out without sending: Close, Cancel, Keep. */
  cancelLabel: string;
  onCancel: () => void;
  /** Whether the way out waits while the form is being sent. */
  cancelDisabled?: boolean;
  submitLabel: string;
  submitting: boolean;
  /** Red for a form that removes, rejects or marks something failed. */
  submitColor?: string;
}

/** The end of a form in a dialog: the way out, then the submit button, at the right. */
export function FormButtons({
  cancelLabel,
  onCancel,
  cancelDisabled,
  submitLabel,
  submitting,
  submitColor,
}: FormButtonsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={submitting} color={submitColor}>
        {submitLabel}
      </Button>
    </Group>
  );
}
