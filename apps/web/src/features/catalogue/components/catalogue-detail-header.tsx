import { Stack, Text, Title } from '@mantine/core';
import { CatalogueImage } from './catalogue-image.tsx';

interface CatalogueDetailHeaderProps {
  name: string;
  imagePath: string | null;
  description: string;
}

/** The top of a monastery's or puja's page: a 300px cover picture (docs/product.md#fixed-values-and-formats), the name and the full text. */
export function CatalogueDetailHeader({ name, imagePath, description }: CatalogueDetailHeaderProps) {
  return (
    <Stack gap="md">
      <CatalogueImage src={imagePath} alt={name} height={300} eager />
      <Title order={1}>{name}</Title>
      <Text>{description}</Text>
    </Stack>
  );
}
