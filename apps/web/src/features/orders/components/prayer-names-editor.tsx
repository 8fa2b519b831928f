import '../../../lib/orders-strings.ts';
import { ActionIcon, Button, Checkbox, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PRAYER_NAME_MAX_LENGTH, PRAYER_NAMES_MAX, PRAYER_NOTE_MAX_LENGTH } from '@puja/contract';
import { IconPlus, IconX } from '@tabler/icons-react';
import type { ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_NAME_LINE, type OrderFormValues, splitPastedNames } from '../utils/order-form.ts';

/**
 * The names to pray for, one per line (docs/decisions/035): each line a name, whether the person has
 * departed, and an optional note. A list pasted into a name's field becomes one line per name. Nothing is
 * cut or refused while typing: the count of names and of each field's characters shows live, with a
 * message while one is over its limit, and the form sends nothing until all fit (the server's limits, from
 * the contract, refuse the same with a 422).
 */
export function PrayerNamesEditor<Values extends Pick<OrderFormValues, 'names'>>({
  form: anyForm,
}: {
  form: UseFormReturnType<Values>;
}) {
  // The order form's and the plan form's (docs/decisions/056): the editor touches only their `names`.
  const form = anyForm as unknown as UseFormReturnType<Pick<OrderFormValues, 'names'>>;
  const { t } = useTranslation('orders');
  const lines = form.getValues().names;
  const count = lines.length;
  const extra = count - PRAYER_NAMES_MAX;
  const countError =
    extra > 0 ? t('names.tooMany', { count, max: PRAYER_NAMES_MAX, extra }) : form.errors.names;

  /** A paste of several lines fills this line with the first and adds a line after it for each other. */
  function paste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    const pasted = splitPastedNames(event.clipboardData.getData('text'));
    if (pasted.length < 2) return;
    event.preventDefault();
    const current = form.getValues().names;
    const added = pasted.map((name, offset) => ({
      ...(offset === 0 ? current[index]! : EMPTY_NAME_LINE),
      name,
    }));
    form.setFieldValue('names', [...current.slice(0, index), ...added, ...current.slice(index + 1)]);
  }

  return (
    <Fieldset legend={t('names.label')} variant="unstyled" data-testid="names-editor">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('names.hint')}
        </Text>
        {lines.map((line, index) => {
          const number = index + 1;
          const nameLength = line.name.trim().length;
          const noteLength = line.note.trim().length;
          const nameProps = form.getInputProps(`names.${index}.name`);
          const noteProps = form.getInputProps(`names.${index}.note`);
          return (
            // Lines have no identity of their own but their place; removing one re-renders those after it.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Stack key={index} gap={6} data-testid="name-line">
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <TextInput
                  {...nameProps}
                  aria-label={t('names.name', { number })}
                  placeholder={t('names.name', { number })}
                  onPaste={(event) => paste(index, event)}
                  error={
                    nameLength > PRAYER_NAME_MAX_LENGTH
                      ? t('names.nameTooLong', { length: nameLength, max: PRAYER_NAME_MAX_LENGTH })
                      : nameProps.error
                  }
                  style={{ flex: 1 }}
                  autoComplete="off"
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t('names.remove', { number })}
                  onClick={() => form.removeListItem('names', index)}
                >
                  <IconX size={18} aria-hidden />
                </ActionIcon>
              </Group>
              <Group gap="sm" wrap="wrap" align="flex-start">
                <Checkbox
                  {...form.getInputProps(`names.${index}.departed`, { type: 'checkbox' })}
                  label={t('names.departed')}
                  aria-label={`${t('names.departed')}: ${t('names.name', { number })}`}
                  mt={8}
                />
                <TextInput
                  {...noteProps}
                  aria-label={t('names.note', { number })}
                  placeholder={t('names.notePlaceholder')}
                  error={
                    noteLength > PRAYER_NOTE_MAX_LENGTH
                      ? t('names.noteTooLong', { length: noteLength, max: PRAYER_NOTE_MAX_LENGTH })
                      : noteProps.error
                  }
                  style={{ flex: 1, minWidth: 180 }}
                  size="sm"
                  autoComplete="off"
                />
              </Group>
            </Stack>
          );
        })}
        <Group justify="space-between" wrap="wrap">
          <Button
            variant="light"
            size="sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => form.insertListItem('names', { ...EMPTY_NAME_LINE })}
          >
            {t('names.add')}
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="names-count">
            {t('names.count', { count, max: PRAYER_NAMES_MAX })}
          </Text>
        </Group>
        {countError && (
          <Text c="red.9" size="sm" role="alert">
            {countError}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
