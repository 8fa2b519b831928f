import { Card, Text, Title } from '@mantine/core';
import { type MonasterySummary, PREVIEW_LENGTH, type Puja } from '@puja/contract';
import { Link } from 'react-router';
import { ResponsivePicture } from '../../../components/responsive-picture.tsx';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { PICTURE_SIZES } from '../../../lib/picture-sources.ts';
import { previewText } from '../../../lib/text.ts';
import { useLocalPath } from '../../../lib/use-local-path.ts';
import { monasteryPath, pujaPath } from '../utils/catalogue-paths.ts';
import classes from './catalogue-card.module.css';

interface CatalogueCardProps {
  to: string;
  name: string;
  imagePath: string | null;
  description: string;
  previewLength: number;
  /** 2 on a list page under its h1, 3 under a home page section's h2. */
  titleOrder: 2 | 3;
  /** The first card of a page's first grid: on a phone its picture is the largest thing on the screen. */
  priority?: boolean;
}

/** A monastery or puja in a grid, linking to its own page. */
export function CatalogueCard({
  to,
  name,
  imagePath,
  description,
  previewLength,
  titleOrder,
  priority = false,
}: CatalogueCardProps) {
  const localPath = useLocalPath();
  return (
    <Card withBorder padding="md" className={classes.card} component="article">
      <Card.Section>
        <ResponsivePicture
          src={imagePath}
          alt={name}
          sizes={PICTURE_SIZES.card}
          height={180}
          priority={priority}
        />
      </Card.Section>
      <Title order={titleOrder} fz="h4" mt="md">
        <Link to={localPath(to)} className={classes.link}>
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
  priority,
}: {
  monastery: MonasterySummary;
  titleOrder: TitleOrder;
  priority?: boolean;
}) {
  const text = useCatalogueText();
  return (
    <CatalogueCard
      to={monasteryPath(monastery)}
      name={text(monastery, 'name')}
      imagePath={monastery.image_path}
      description={text(monastery, 'description')}
      previewLength={PREVIEW_LENGTH.monasteryCard}
      titleOrder={titleOrder}
      priority={priority}
    />
  );
}

/** A puja in a grid: the home page and the pujas list show the same card. */
export function PujaCard({
  puja,
  titleOrder,
  priority,
}: {
  puja: Puja;
  titleOrder: TitleOrder;
  priority?: boolean;
}) {
  const text = useCatalogueText();
  return (
    <CatalogueCard
      to={pujaPath(puja)}
      name={text(puja, 'name')}
      imagePath={puja.image_path}
      description={text(puja, 'description')}
      previewLength={PREVIEW_LENGTH.pujaCard}
      titleOrder={titleOrder}
      priority={priority}
    />
  );
}
