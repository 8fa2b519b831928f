import { Stack, Text, Title } from '@mantine/core';
import { ResponsivePicture } from '../../../components/responsive-picture.tsx';
import { PICTURE_SIZES } from '../../../lib/picture-sources.ts';

interface CatalogueDetailHeaderProps {
  name: string;
  imagePath: string | null;
  description: string;
}

/**
 * The top of a monastery's or puja's page: a 300px cover picture (docs/product.md#fixed-values-and-formats),
 * the page's largest picture (a server-rendered page preloads it: picturePreloadLink with
 * PICTURE_SIZES.cover), the name and the full text.
 */
export function CatalogueDetailHeader({ name, imagePath, description }: CatalogueDetailHeaderProps) {
  return (
    <Stack gap="md">
      <ResponsivePicture src={imagePath} alt={name} sizes={PICTURE_SIZES.cover} height={300} priority />
      <Title order={1}>{name}</Title>
      <Text>{description}</Text>
    </Stack>
  );
}
