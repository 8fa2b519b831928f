import { Skeleton, Stack } from '@mantine/core';
import { CardGridSkeleton } from '../../../components/card-grid-skeleton.tsx';

export function CatalogueDetailSkeleton() {
  return (
    <Stack gap="md">
      <Skeleton height={300} />
      <Skeleton height={32} width="50%" />
      <Skeleton height={14} />
      <Skeleton height={14} width="85%" />
      <CardGridSkeleton count={3} />
    </Stack>
  );
}
