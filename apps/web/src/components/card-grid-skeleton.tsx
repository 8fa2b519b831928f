import { Card, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CardGrid } from './card-grid.tsx';

/** The shape of a card grid while its data loads, so the page does not jump when it arrives. */
export function CardGridSkeleton({ count = 6 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
      <CardGrid>
        {Array.from({ length: count }, (_, index) => (
          // Skeleton cards have no identity; their position is their key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Card key={index} withBorder padding="md">
            <Card.Section>
              <Skeleton height={180} radius={0} />
            </Card.Section>
            <Stack gap="xs" mt="md">
              <Skeleton height={20} width="60%" />
              <Skeleton height={12} />
              <Skeleton height={12} width="80%" />
            </Stack>
          </Card>
        ))}
      </CardGrid>
    </div>
  );
}
