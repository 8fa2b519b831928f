import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The last resort when a page throws while rendering or its code fails to load (often a deploy replaced
 * the chunks this tab knew about; a reload fetches the new ones). Unknown addresses are not errors: the
 * route table's `*` page answers them.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="md" role="alert">
        <Title order={1}>{t('errors.routeErrorTitle')}</Title>
        <Text c="dimmed">{t('errors.routeErrorDescription')}</Text>
        <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
      </Stack>
    </Container>
  );
}
