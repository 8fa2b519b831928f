import { useTranslation } from 'react-i18next';
import { StaticPart } from '../../../components/static-part.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useMonasteries } from '../api/get-monasteries.ts';
import {
  catalogueGridStyles,
  MonasteryGrid,
  usePreloadedCatalogueGrids,
} from '../components/lazy-catalogue-grids.ts';

export function MonasteriesPage() {
  const { t, i18n } = useTranslation('catalogue');
  usePageTitle(t('monasteries.title'));
  usePreloadedCatalogueGrids();
  const monasteries = useMonasteries();

  return (
    <StaticPart
      styles={catalogueGridStyles}
      id="monasteries-list"
      inputs={[monasteries.status, monasteries.data, i18n.language]}
    >
      <MonasteryGrid
        heading={t('monasteries.heading')}
        headingOrder={1}
        query={monasteries}
        emptyText={t('monasteries.empty')}
      />
    </StaticPart>
  );
}
