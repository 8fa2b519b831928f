import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/use-page-title.ts';

/**
 * What the 404 route shows; also shown in place of a monastery or puja that does not exist, and, in its
 * own words, of a certificate code that names none.
 */
export function NotFoundContent({ title, description }: { title?: string; description?: string } = {}) {
  const { t } = useTranslation();
  const heading = title ?? t('notFound.title');
  usePageTitle(heading);
  return (
    <Stack align="center" ta="center" py="xl" gap="md">
      <Text fz={64} fw={800} c="maroon.7" lh={1} aria-hidden="true">
        404
      </Text>
      <Title order={1}>{heading}</Title>
      <Text c="dimmed" maw={480}>
        {description ?? t('notFound.description')}
      </Text>
      <Button component={Link} to="/">
        {t('notFound.backHome')}
      </Button>
    </Stack>
  );
}
