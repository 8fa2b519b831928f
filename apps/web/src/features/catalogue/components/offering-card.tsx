import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApproximatePrice } from '../../../components/approximate-price.tsx';
import { ResponsivePicture } from '../../../components/responsive-picture.tsx';
import { formatMoney } from '../../../lib/formatting.ts';
import { PICTURE_SIZES } from '../../../lib/picture-sources.ts';
import { previewText } from '../../../lib/text.ts';

interface OfferingCardProps {
  name: string;
  imagePath: string | null;
  description: string;
  previewLength: number;
  cost: number;
  onMakePuja: () => void;
}

/**
 * A puja at a monastery with the monastery's price, and the button to order it. The card is a flex column
 * (Mantine's Card) stretched to its grid row, and the description takes the spare height, so the price and
 * the button sit at the bottom of every card in a row however many lines the title or text take.
 */
export function OfferingCard({
  name,
  imagePath,
  description,
  previewLength,
  cost,
  onMakePuja,
}: OfferingCardProps) {
  const { t } = useTranslation('catalogue');
  return (
    <Card withBorder padding="md" component="article" data-testid="offering-card">
      <Card.Section>
        <ResponsivePicture src={imagePath} alt={name} sizes={PICTURE_SIZES.card} height={180} />
      </Card.Section>
      <Title order={3} fz="h4" mt="md">
        {name}
      </Title>
      <Text size="sm" c="dimmed" mt="xs" flex={1}>
        {previewText(description, previewLength)}
      </Text>
      <Group justify="space-between" align="center" mt="md" gap="sm">
        <Text fw={700}>
          {t('price', { price: formatMoney(cost) })}
          <ApproximatePrice rupees={cost} />
        </Text>
        {/* Every card has this button: its name says which puja it orders (WCAG 2.4.6, issue #15). */}
        <Button onClick={onMakePuja} aria-label={t('makePujaFor', { name })}>
          {t('makePuja')}
        </Button>
      </Group>
    </Card>
  );
}
