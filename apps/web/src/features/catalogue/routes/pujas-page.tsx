import { useTranslation } from 'react-i18next';
import { EAGER_PICTURES } from '../../../lib/picture-sources.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { usePujas } from '../api/get-pujas.ts';
import { PujaCard } from '../components/catalogue-card.tsx';
import { CatalogueGridSection } from '../components/catalogue-grid-section.tsx';

export function PujasPage() {
  const { t } = useTranslation('catalogue');
  usePageTitle(t('pujas.title'));
  const pujas = usePujas();

  return (
    <CatalogueGridSection
      heading={t('pujas.heading')}
      headingOrder={1}
      query={pujas}
      selectItems={(data) => data.pujas}
      emptyText={t('pujas.empty')}
      getKey={(puja) => puja.id}
      renderCard={(puja, index) => <PujaCard puja={puja} titleOrder={2} priority={index < EAGER_PICTURES} />}
    />
  );
}
