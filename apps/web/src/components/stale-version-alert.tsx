import { Alert, Button, Group, Text } from '@mantine/core';
import type { StaleVersion } from '@puja/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPatronMoment } from '../lib/formatting.ts';

interface StaleVersionAlertProps {
  stale: StaleVersion | null;
  /** Reads the record afresh and puts its values in the form. */
  onReload: () => Promise<void> | void;
}

/**
 * The one notice of a refused save from an old version (docs/decisions/040): who saved since and when
 * (Nepal time), that this save was not made, and "Reload". Every form with a version shows this one.
 */
export function StaleVersionAlert({ stale, onReload }: StaleVersionAlertProps) {
  const { t } = useTranslation('common');
  const [reloading, setReloading] = useState(false);
  if (!stale) return null;
  const time = formatPatronMoment(stale.changed_at);
  return (
    <Alert
      color="orange"
      variant="light"
      role="alert"
      title={t('staleVersion.title')}
      data-testid="stale-version"
    >
      <Text size="sm">
        {stale.changed_by
          ? t('staleVersion.byWhom', { name: stale.changed_by, time })
          : t('staleVersion.bySomeone', { time })}{' '}
        {t('staleVersion.hint')}
      </Text>
      <Group mt="sm">
        <Button
          size="xs"
          variant="filled"
          color="orange"
          loading={reloading}
          onClick={async () => {
            setReloading(true);
            try {
              await onReload();
            } finally {
              setReloading(false);
            }
          }}
        >
          {t('staleVersion.reload')}
        </Button>
      </Group>
    </Alert>
  );
}
