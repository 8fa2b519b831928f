import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The puja's time of day as staff give it (docs/decisions/020): optional, Nepal time, `HH:MM` on a 24-hour
 * clock (the browser's own time picker). The patron sees it in Nepal time and in their own.
 */
export function PujaTimeInput(props: Omit<TextInputProps, 'type' | 'label' | 'description'>) {
  const { t } = useTranslation('prices');
  return <TextInput type="time" label={t('day.timeLabel')} description={t('day.timeHint')} {...props} />;
}
