import { useTranslation } from 'react-i18next';
import { StaticPart } from '../../../components/static-part.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { usePujas } from '../api/get-pujas.ts';
import {
  catalogueGridStyles,
  PujaGrid,
  usePreloadedCatalogueGrids,
} from '../components/lazy-catalogue-grids.ts';

export function PujasPage() {
  const { t, i18n } = useTranslation('catalogue');
  usePageTitle(t('pujas.title'));
  usePreloadedCatalogueGrids();
  const pujas = usePujas();

  return (
    <StaticPart
      styles={catalogueGridStyles}
      id="pujas-list"
      inputs={[pujas.status, pujas.data, i18n.language]}
    >
      <PujaGrid heading={t('pujas.heading')} headingOrder={1} query={pujas} emptyText={t('pujas.empty')} />
    </StaticPart>
  );
}
