import { Stack } from '@mantine/core';
import { type Monastery, PREVIEW_LENGTH } from '@puja/contract';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useMonastery } from '../api/get-monastery.ts';
import { CatalogueDetailHeader } from '../components/catalogue-detail-header.tsx';
import { CatalogueDetailRoute } from '../components/catalogue-detail-route.tsx';
import { MonasteryVisit } from '../components/monastery-visit.tsx';
import { OfferingCard } from '../components/offering-card.tsx';
import { OfferingsSection } from '../components/offerings-section.tsx';
import { useMakePuja } from '../hooks/use-make-puja.ts';

/** `/monastery/:slug`: one monastery and the pujas it offers, with their prices. */
export function MonasteryPage() {
  return (
    <CatalogueDetailRoute param="slug" useDetail={useMonastery}>
      {(data) => <MonasteryDetails monastery={data.monastery} />}
    </CatalogueDetailRoute>
  );
}

function MonasteryDetails({ monastery }: { monastery: Monastery }) {
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
        page="monastery"
        items={monastery.pujas}
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
                planSchedule: puja.pivot.plan_schedule,
                planPayEach: puja.pivot.plan_pay_each,
              })
            }
          />
        )}
      />
    </Stack>
  );
}
