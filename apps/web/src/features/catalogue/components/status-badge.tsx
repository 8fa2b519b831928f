import { Badge } from '@mantine/core';
import type { CatalogueStatus } from '@puja/contract';
import { useTranslation } from 'react-i18next';

/** Open (1) or closed (0), docs/product.md#catalogue-status-and-removal. */
export function StatusBadge({ status }: { status: CatalogueStatus }) {
  const { t } = useTranslation('admin');
  return (
    <Badge color={status === 1 ? 'teal' : 'gray'} variant="light" c="dark.7">
      {status === 1 ? t('catalogue.open') : t('catalogue.closed')}
    </Badge>
  );
}
