import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client.ts';

interface QueryErrorAlertProps {
  error: Error;
  onRetry: () => void;
}

/** A failed load, with the reason when the server gave one and a way to try again. */
export function QueryErrorAlert({ error, onRetry }: QueryErrorAlertProps) {
  const { t } = useTranslation();
  // Only our own ApiError messages are meant for people; anything else would leak internals.
  const message = error instanceof ApiError ? error.message : t('errors.unexpected');
  return (
    <Alert
      color="red"
      variant="light"
      title={t('errors.loadFailedTitle')}
      icon={<IconAlertTriangle aria-hidden="true" />}
      role="alert"
    >
      <Text size="sm" mb="sm">
        {message}
      </Text>
      <Button size="xs" onClick={onRetry}>
        {t('errors.retry')}
      </Button>
    </Alert>
  );
}
