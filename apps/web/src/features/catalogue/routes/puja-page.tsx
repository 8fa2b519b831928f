import { Stack } from '@mantine/core';
import { PREVIEW_LENGTH, type PujaDetail } from '@puja/contract';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { usePuja } from '../api/get-puja.ts';
import { CatalogueDetailHeader } from '../components/catalogue-detail-header.tsx';
import { CatalogueDetailRoute } from '../components/catalogue-detail-route.tsx';
import { OfferingCard } from '../components/offering-card.tsx';
import { OfferingsSection } from '../components/offerings-section.tsx';
import { useMakePuja } from '../hooks/use-make-puja.ts';

/** `/puja/:id` (a slug or an id): one puja and the monasteries that offer it, with their prices. */
export function PujaPage() {
  return (
    <CatalogueDetailRoute param="id" useDetail={usePuja}>
      {(data) => <PujaDetails puja={data.puja} />}
    </CatalogueDetailRoute>
  );
}

function PujaDetails({ puja }: { puja: PujaDetail }) {
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
        page="puja"
        items={puja.monasteries}
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
                planSchedule: monastery.pivot.plan_schedule,
                planPayEach: monastery.pivot.plan_pay_each,
              })
            }
          />
        )}
      />
    </Stack>
  );
}
