import { catalogueText, DEFAULT_LANGUAGE, type Language, type WithTranslations } from '@puja/contract';
import type { PatronNotice, StaffNotice } from './notices.ts';

/** An order's puja and monastery, named in every language entered (docs/decisions/049). */
export interface OrderCatalogueNames {
  puja: WithTranslations<'name'>;
  monastery: WithTranslations<'name'>;
}

/**
 * The notice with its `{puja}` and `{monastery}` written in the reader's language, where the catalogue has
 * them in it. The services write a notice once, with the English names, before they know who reads it;
 * whoever sends it knows the reader's language and the order, and calls this.
 */
export function withNamesIn<Notice extends PatronNotice | StaffNotice>(
  notice: Notice,
  names: OrderCatalogueNames | undefined,
  language: Language | null | undefined,
): Notice {
  if (!names) return notice;
  const reader = language ?? DEFAULT_LANGUAGE;
  const params: Record<string, string> = { ...notice.params };
  if ('puja' in params) params.puja = catalogueText(names.puja, 'name', reader);
  if ('monastery' in params) params.monastery = catalogueText(names.monastery, 'name', reader);
  return { ...notice, params } as Notice;
}
