import { Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MESSAGE_MAX_LENGTH } from '@puja/contract';

interface MessageTextareaProps {
  /** A message form's own form: its one field is `message`. */
  form: UseFormReturnType<{ message: string }>;
  label: string;
  /** The count under the box ('12 / 1000'), in the screen's words. */
  countLabel: (length: number, max: number) => string;
  minRows: number;
  maxRows: number;
  required?: boolean;
  /** Whether the box takes the focus when shown (in a modal, where it is the point). */
  autoFocus?: boolean;
}

/**
 * A message on an order (the patron's to the monastery, the staff's to the patron): a box that grows with
 * the text, stops at the contract's MESSAGE_MAX_LENGTH and counts the characters under it, above any error.
 */
export function MessageTextarea({
  form,
  label,
  countLabel,
  minRows,
  maxRows,
  required = false,
  autoFocus = false,
}: MessageTextareaProps) {
  return (
    <Textarea
      label={label}
      description={countLabel(form.values.message.length, MESSAGE_MAX_LENGTH)}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      required={required}
      autosize
      minRows={minRows}
      maxRows={maxRows}
      maxLength={MESSAGE_MAX_LENGTH}
      {...form.getInputProps('message')}
      data-autofocus={autoFocus || undefined}
    />
  );
}
