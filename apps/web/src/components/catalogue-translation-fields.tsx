import { Fieldset, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { CatalogueTranslationValues } from '../lib/catalogue-translation-values.ts';
import { registerStrings } from '../lib/i18n.ts';
import strings from '../locales/en/catalogue-texts.json';

// Loaded with the back offices' forms only: the namespace travels with them, not the first bundle.
await registerStrings('catalogue-texts', strings);

/**
 * A catalogue item's name and description in Nepali and Traditional Chinese, beside the English fields
 * (docs/decisions/049): optional, empty for none. `fields` leaves the name out where the form does not
 * change it (a monastery's own page).
 */
export function CatalogueTranslationFields<Values extends Partial<CatalogueTranslationValues>>({
  form,
  fields = ['name', 'description'],
}: {
  form: UseFormReturnType<Values>;
  fields?: readonly ('name' | 'description')[];
}) {
  const { t } = useTranslation('catalogue-texts');
  const withName = fields.includes('name');
  const withDescription = fields.includes('description');
  const description = (key: keyof CatalogueTranslationValues, label: string, lang: string) => (
    <Textarea
      label={label}
      lang={lang}
      autosize
      minRows={2}
      maxRows={8}
      maxLength={5000}
      {...form.getInputProps(key)}
    />
  );
  return (
    <Fieldset legend={t('otherLanguages')} variant="unstyled">
      <Stack gap="sm">
        <div>{t('otherLanguagesHint')}</div>
        {withName && (
          <TextInput label={t('nameNe')} lang="ne" maxLength={120} {...form.getInputProps('name_ne')} />
        )}
        {withDescription && description('description_ne', t('descriptionNe'), 'ne')}
        {withName && (
          <TextInput
            label={t('nameZhHant')}
            lang="zh-Hant"
            maxLength={120}
            {...form.getInputProps('name_zh_hant')}
          />
        )}
        {withDescription && description('description_zh_hant', t('descriptionZhHant'), 'zh-Hant')}
      </Stack>
    </Fieldset>
  );
}
