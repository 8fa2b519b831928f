import { useTranslation } from 'react-i18next';
import { EAGER_PICTURES } from '../../../lib/picture-sources.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useMonasteries } from '../api/get-monasteries.ts';
import { MonasteryCard } from '../components/catalogue-card.tsx';
import { CatalogueGridSection } from '../components/catalogue-grid-section.tsx';

export function MonasteriesPage() {
  const { t } = useTranslation('catalogue');
  usePageTitle(t('monasteries.title'));
  const monasteries = useMonasteries();

  return (
    <CatalogueGridSection
      heading={t('monasteries.heading')}
      headingOrder={1}
      query={monasteries}
      selectItems={(data) => data.monasteries}
      emptyText={t('monasteries.empty')}
      getKey={(monastery) => monastery.id}
      renderCard={(monastery, index) => (
        <MonasteryCard monastery={monastery} titleOrder={2} priority={index < EAGER_PICTURES} />
      )}
    />
  );
}
