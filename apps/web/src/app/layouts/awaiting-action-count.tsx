// The strings travel with the back office's lazy code, not the home page's bundle.
import '../../lib/back-office-orders-strings.ts';
import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOrdersAwaitingAction } from '../../features/orders/api/get-orders-awaiting-action.ts';

/**
 * Beside the staff's Orders entry: how many paid orders wait for approval, asked again every 30 seconds
 * and whenever the window comes back into view, so a new payment shows without a reload. Nothing while
 * none wait (or the count cannot be read: the orders screen itself says why).
 */
export function AwaitingActionCount() {
  const { t } = useTranslation('back-office-orders');
  const { data } = useOrdersAwaitingAction();
  if (!data || data.count === 0) return null;
  return (
    <>
      <Badge
        color="saffron"
        variant="filled"
        c="dark.9"
        size="sm"
        aria-hidden="true"
        data-testid="awaiting-action-count"
      >
        {data.count}
      </Badge>
      <VisuallyHidden>{t('awaitingAction', { count: data.count })}</VisuallyHidden>
    </>
  );
}
