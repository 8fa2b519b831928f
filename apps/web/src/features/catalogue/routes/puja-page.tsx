import { Stack } from '@mantine/core';
import { isSlugOrId, PREVIEW_LENGTH, type PujaDetail } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { usePuja } from '../api/get-puja.ts';
import { CatalogueDetailHeader } from '../components/catalogue-detail-header.tsx';
import { CatalogueDetailSkeleton } from '../components/catalogue-detail-skeleton.tsx';
import { OfferingCard } from '../components/offering-card.tsx';
import { OfferingsSection } from '../components/offerings-section.tsx';
import { useMakePuja } from '../hooks/use-make-puja.ts';

/** `/puja/:id` (a slug or an id): one puja and the monasteries that offer it, with their prices. */
export function PujaPage() {
  const { id = '' } = useParams();
  // A malformed slug can name no puja; answer 404 at once instead of asking the server.
  const isWellFormed = isSlugOrId(id);
  const query = usePuja(id, { enabled: isWellFormed });

  if (!isWellFormed || (query.error instanceof ApiError && query.error.status === 404)) {
    return <NotFoundContent />;
  }
  if (query.isPending) return <CatalogueDetailSkeleton />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  return <PujaDetails puja={query.data.puja} />;
}

function PujaDetails({ puja }: { puja: PujaDetail }) {
  const { t } = useTranslation('catalogue');
  const text = useCatalogueText();
  const name = text(puja, 'name');
  usePageTitle(name);
  const makePuja = useMakePuja();

  return (
    <Stack gap="xl">
      <CatalogueDetailHeader
        name={name}
        imagePath={puja.image_path}
        description={text(puja, 'description')}
      />
      <OfferingsSection
        heading={t('puja.offeringsHeading')}
        items={puja.monasteries}
        searchLabel={t('puja.searchLabel')}
        searchPlaceholder={t('puja.searchPlaceholder')}
        emptyText={t('puja.empty')}
        emptySearchText={(search) => t('puja.emptySearch', { search })}
        getKey={(monastery) => monastery.pivot.id}
        renderCard={(monastery) => (
          <OfferingCard
            name={text(monastery, 'name')}
            imagePath={monastery.image_path}
            description={text(monastery, 'description')}
            previewLength={PREVIEW_LENGTH.monasteryCardOnPujaPage}
            cost={monastery.pivot.cost}
            onMakePuja={() =>
              makePuja({
                monastery: { id: monastery.id, name: text(monastery, 'name') },
                puja: { id: puja.id, name },
                cost: monastery.pivot.cost,
                pricing: monastery.pivot.pricing,
                planKinds: monastery.pivot.plan_kinds,
                planPayEach: monastery.pivot.plan_pay_each,
              })
            }
          />
        )}
      />
    </Stack>
  );
}
