import { Card, Text, Title } from '@mantine/core';
import { type MonasterySummary, PREVIEW_LENGTH, type Puja } from '@puja/contract';
import { Link } from 'react-router';
import { previewText } from '../../../lib/text.ts';
import { monasteryPath, pujaPath } from '../utils/catalogue-paths.ts';
import classes from './catalogue-card.module.css';
import { CatalogueImage } from './catalogue-image.tsx';

interface CatalogueCardProps {
  to: string;
  name: string;
  imagePath: string | null;
  description: string;
  previewLength: number;
  /** 2 on a list page under its h1, 3 under a home page section's h2. */
  titleOrder: 2 | 3;
}

/** A monastery or puja in a grid, linking to its own page. */
export function CatalogueCard({
  to,
  name,
  imagePath,
  description,
  previewLength,
  titleOrder,
}: CatalogueCardProps) {
  return (
    <Card withBorder padding="md" className={classes.card} component="article">
      <Card.Section>
        <CatalogueImage src={imagePath} alt={name} height={180} />
      </Card.Section>
      <Title order={titleOrder} fz="h4" mt="md">
        <Link to={to} className={classes.link}>
          {name}
        </Link>
      </Title>
      <Text size="sm" c="dimmed" mt="xs">
        {previewText(description, previewLength)}
      </Text>
    </Card>
  );
}

type TitleOrder = CatalogueCardProps['titleOrder'];

/** A monastery in a grid: the home page and the monasteries list show the same card. */
export function MonasteryCard({
  monastery,
  titleOrder,
}: {
  monastery: MonasterySummary;
  titleOrder: TitleOrder;
}) {
  return (
    <CatalogueCard
      to={monasteryPath(monastery)}
      name={monastery.name}
      imagePath={monastery.image_path}
      description={monastery.description}
      previewLength={PREVIEW_LENGTH.monasteryCard}
      titleOrder={titleOrder}
    />
  );
}

/** A puja in a grid: the home page and the pujas list show the same card. */
export function PujaCard({ puja, titleOrder }: { puja: Puja; titleOrder: TitleOrder }) {
  return (
    <CatalogueCard
      to={pujaPath(puja)}
      name={puja.name}
      imagePath={puja.image_path}
      description={puja.description}
      previewLength={PREVIEW_LENGTH.pujaCard}
      titleOrder={titleOrder}
    />
  );
}
