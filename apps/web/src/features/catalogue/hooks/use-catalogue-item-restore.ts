import { useTranslation } from 'react-i18next';
import { endedTheSession, reasonOf } from '../../../lib/contract-form.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useConfirmation } from '../../../lib/use-confirmation.ts';
import type { CatalogueKind } from '../api/catalogue-item-requests.ts';
import type { ArchivedCatalogueItem } from '../api/get-archived-catalogue-items.ts';
import { useRestoreCatalogueItem } from '../api/restore-catalogue-item.ts';
import { CATALOGUE_STRINGS } from './use-catalogue-item-form.ts';

/**
 * Restore after a confirmation, then a toast either way. A name taken since it was archived answers 409
 * with the reason ('A monastery named Kopan Monastery already exists.'), which the toast says.
 */
export function useCatalogueItemRestore(kind: CatalogueKind) {
  const { t } = useTranslation('admin');
  const strings = CATALOGUE_STRINGS[kind];
  const confirmation = useConfirmation<ArchivedCatalogueItem>();
  const restore = useRestoreCatalogueItem(kind);

  function confirm() {
    const item = confirmation.target;
    if (!item || restore.isPending) return;
    restore.mutate(item.id, {
      onSuccess: () => {
        notifySuccess(t(`${strings}.restored`, { name: item.name }));
        confirmation.close();
      },
      onError: (error) => {
        confirmation.close();
        if (!endedTheSession(error)) {
          notifyError(reasonOf(error, t('errors.unexpected', { ns: 'common' })), {
            title: t(`${strings}.restoreFailed`),
          });
        }
      },
    });
  }

  return { ...confirmation, confirm, isRestoring: restore.isPending };
}
