import { Stack } from '@mantine/core';
import { isSlugOrId, type Monastery, PREVIEW_LENGTH } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useMonastery } from '../api/get-monastery.ts';
import { CatalogueDetailHeader } from '../components/catalogue-detail-header.tsx';
import { CatalogueDetailSkeleton } from '../components/catalogue-detail-skeleton.tsx';
import { MonasteryVisit } from '../components/monastery-visit.tsx';
import { OfferingCard } from '../components/offering-card.tsx';
import { OfferingsSection } from '../components/offerings-section.tsx';
import { useMakePuja } from '../hooks/use-make-puja.ts';

/** `/monastery/:slug`: one monastery and the pujas it offers, with their prices. */
export function MonasteryPage() {
  const { slug = '' } = useParams();
  // A malformed slug can name no monastery; answer 404 at once instead of asking the server.
  const isWellFormed = isSlugOrId(slug);
  const query = useMonastery(slug, { enabled: isWellFormed });

  if (!isWellFormed || (query.error instanceof ApiError && query.error.status === 404)) {
    return <NotFoundContent />;
  }
  if (query.isPending) return <CatalogueDetailSkeleton />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  return <MonasteryDetails monastery={query.data.monastery} />;
}

function MonasteryDetails({ monastery }: { monastery: Monastery }) {
  const { t } = useTranslation('catalogue');
  const text = useCatalogueText();
  const name = text(monastery, 'name');
  usePageTitle(name);
  const makePuja = useMakePuja();

  return (
    <Stack gap="xl">
      <CatalogueDetailHeader
        name={name}
        imagePath={monastery.image_path}
        description={text(monastery, 'description')}
      />
      <MonasteryVisit monastery={monastery} />
      <OfferingsSection
        heading={t('monastery.offeringsHeading')}
        items={monastery.pujas}
        searchLabel={t('monastery.searchLabel')}
        searchPlaceholder={t('monastery.searchPlaceholder')}
        emptyText={t('monastery.empty')}
        emptySearchText={(search) => t('monastery.emptySearch', { search })}
        getKey={(puja) => puja.pivot.id}
        renderCard={(puja) => (
          <OfferingCard
            name={text(puja, 'name')}
            imagePath={puja.image_path}
            description={text(puja, 'description')}
            previewLength={PREVIEW_LENGTH.pujaCard}
            cost={puja.pivot.cost}
            onMakePuja={() =>
              makePuja({
                monastery: { id: monastery.id, name },
                puja: { id: puja.id, name: text(puja, 'name') },
                cost: puja.pivot.cost,
                pricing: puja.pivot.pricing,
                planKinds: puja.pivot.plan_kinds,
                planPayEach: puja.pivot.plan_pay_each,
              })
            }
          />
        )}
      />
    </Stack>
  );
}
