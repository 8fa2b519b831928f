import { Checkbox, Select, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { GIFT_MESSAGE_MAX_LENGTH, LANGUAGES } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/day-input.tsx';
import { LANGUAGE_NAMES } from '../../../lib/language.ts';
import type { GiftFormValues } from '../utils/order-form.ts';

type GiftForm = UseFormReturnType<{ gift: GiftFormValues }>;

interface GiftFieldsProps<Values extends { gift: GiftFormValues }> {
  /** The order form, or the gift's own editor (docs/decisions/059): a form whose `gift` these fields fill. */
  form: UseFormReturnType<Values>;
  /** The days a recipient can be told: from today in Nepal up to a year ahead. */
  min: string;
  max: string;
  /**
   * Changing a gift already given: no "dedicate" box, and once its recipient was told (`told`), how and
   * when they were told is shown but cannot change.
   */
  editing?: { told: boolean } | undefined;
}

/**
 * Dedicating the order to someone else (docs/decisions/054): whom, how to tell them (an e-mail address, a
 * phone number with its country code, or both), in their language, on the day chosen, with the patron's
 * words, and whether their own name is shown. The recipient never sees the patron's number or address.
 */
export function GiftFields<Values extends { gift: GiftFormValues }>({
  form: anyForm,
  min,
  max,
  editing,
}: GiftFieldsProps<Values>) {
  const { t } = useTranslation('orders');
  // Only the `gift` part is touched, whatever else the form holds.
  const form = anyForm as unknown as GiftForm;
  const gift = form.values.gift;
  const told = editing?.told ?? false;
  return (
    <Stack gap="sm">
      {!editing && (
        <Checkbox
          label={t('gift.dedicate')}
          description={t('gift.dedicateHint')}
          {...form.getInputProps('gift.dedicate', { type: 'checkbox' })}
        />
      )}
      {(gift.dedicate || editing) && (
        <Stack gap="sm" pl="md" style={{ borderLeft: '3px solid var(--mantine-color-gray-3)' }}>
          <TextInput
            label={t('gift.name')}
            required
            autoComplete="off"
            {...form.getInputProps('gift.recipient_name')}
          />
          <TextInput
            label={t('gift.email')}
            type="email"
            autoComplete="off"
            disabled={told}
            {...form.getInputProps('gift.email')}
          />
          <TextInput
            label={t('gift.phone')}
            description={t('gift.phoneHint')}
            type="tel"
            autoComplete="off"
            disabled={told}
            {...form.getInputProps('gift.phone')}
          />
          <Select
            label={t('gift.language')}
            data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
            allowDeselect={false}
            disabled={told}
            {...form.getInputProps('gift.language')}
          />
          <DayInput
            label={t('gift.tellOn')}
            description={t('gift.tellOnHint')}
            required
            minDate={min}
            maxDate={max}
            defaultDate={min}
            disabled={told}
            value={gift.tell_on || null}
            onChange={(day) => form.setFieldValue('gift.tell_on', day ?? '')}
            error={form.errors['gift.tell_on']}
          />
          <Textarea
            label={t('gift.message')}
            description={t('gift.messageHint', { max: GIFT_MESSAGE_MAX_LENGTH })}
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('gift.message')}
          />
          <Checkbox
            label={t('gift.showPatron')}
            {...form.getInputProps('gift.show_patron', { type: 'checkbox' })}
          />
        </Stack>
      )}
    </Stack>
  );
}
