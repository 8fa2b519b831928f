import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundContent } from '../components/not-found-content.tsx';

/**
 * The last resort when a page throws while rendering or its code fails to load (often a deploy replaced
 * the chunks this tab knew about; a reload fetches the new ones).
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Container size="sm" py="xl">
        <NotFoundContent />
      </Container>
    );
  }
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
