import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { DECLINE_NOTE_MAX_LENGTH, DECLINE_REASONS, type DeclineReason } from '@puja/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface DeclineChoice {
  reason: DeclineReason;
  /** The staff member's words, with `other` only. */
  note?: string;
}

interface DeclineDialogProps {
  opened: boolean;
  /** The decline is on its way: its button waits, and Cancel can no longer stop it. */
  loading: boolean;
  onConfirm: (choice: DeclineChoice) => void;
  onCancel: () => void;
}

/**
 * Asks why before an order is declined (docs/decisions/038): a reason from the list, or another in the staff
 * member's own words, which the patron reads on their order and in the notice. Cancel has the focus, as in
 * every dialog before something that cannot be undone.
 */
export function DeclineDialog({ opened, loading, onConfirm, onCancel }: DeclineDialogProps) {
  const { t } = useTranslation('staff');
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('declineConfirm.title')}
      centered
      withCloseButton={false}
    >
      {/* Mounted afresh each time the dialog opens: a reason chosen for one order is not left for the next. */}
      {opened && <DeclineForm loading={loading} onConfirm={onConfirm} onCancel={onCancel} />}
    </Modal>
  );
}

function DeclineForm({ loading, onConfirm, onCancel }: Omit<DeclineDialogProps, 'opened'>) {
  const { t } = useTranslation('staff');
  const [reason, setReason] = useState<DeclineReason | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; note?: string }>({});

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!reason) return setErrors({ reason: t('declineConfirm.reasonRequired') });
    if (reason === 'other' && !note.trim()) return setErrors({ note: t('declineConfirm.noteRequired') });
    if (note.trim().length > DECLINE_NOTE_MAX_LENGTH)
      return setErrors({ note: t('declineConfirm.noteTooLong', { max: DECLINE_NOTE_MAX_LENGTH }) });
    onConfirm(reason === 'other' ? { reason, note: note.trim() } : { reason });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{t('declineConfirm.message')}</Text>
        <Radio.Group
          label={t('declineConfirm.reasonLabel')}
          description={t('declineConfirm.reasonDescription')}
          value={reason}
          onChange={(value) => {
            setReason(value as DeclineReason);
            setErrors({});
          }}
          error={errors.reason}
          required
        >
          <Stack gap="xs" mt="xs">
            {DECLINE_REASONS.map((value) => (
              <Radio key={value} value={value} label={t(`declineConfirm.reasons.${value}`)} />
            ))}
          </Stack>
        </Radio.Group>
        {reason === 'other' && (
          <Textarea
            label={t('declineConfirm.noteLabel')}
            value={note}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              setErrors({});
            }}
            error={errors.note}
            autosize
            minRows={2}
            maxRows={6}
            required
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={loading} data-autofocus>
            {t('declineConfirm.cancel')}
          </Button>
          {/* The darker shade (red.8) keeps white text above AA contrast. */}
          <Button type="submit" color="red.8" loading={loading}>
            {t('declineConfirm.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
