/**
 * A catalogue item's texts in Nepali and Chinese as a form holds them (docs/decisions/049): empty for none,
 * which the server stores as none.
 */
export type CatalogueTranslationValues = {
  name_ne: string;
  name_zh_hant: string;
  description_ne: string;
  description_zh_hant: string;
};
type Stored = { [Key in keyof CatalogueTranslationValues]?: string | null | undefined };

export const EMPTY_TRANSLATIONS: CatalogueTranslationValues = Object.freeze({
  name_ne: '',
  name_zh_hant: '',
  description_ne: '',
  description_zh_hant: '',
});

/** An item's translations, as its edit form starts with them. */
export function translationValuesOf(item: Stored): CatalogueTranslationValues {
  return {
    name_ne: item.name_ne ?? '',
    name_zh_hant: item.name_zh_hant ?? '',
    description_ne: item.description_ne ?? '',
    description_zh_hant: item.description_zh_hant ?? '',
  };
}

/** What a form sends of them: each as typed (the server trims it, and reads empty as none). */
export function translationFieldsOf(values: CatalogueTranslationValues): CatalogueTranslationValues {
  return {
    name_ne: values.name_ne,
    name_zh_hant: values.name_zh_hant,
    description_ne: values.description_ne,
    description_zh_hant: values.description_zh_hant,
  };
}
