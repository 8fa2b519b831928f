// The strings travel with the back office's lazy code, not the home page's bundle.
import '../../lib/back-office-orders-strings.ts';
import { Anchor, Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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

/**
 * The same count in the top bar of a phone, where the sidebar is folded behind the menu button: a link
 * straight to the orders to approve, so a monk sees a new payment without opening the menu.
 */
export function AwaitingActionLink() {
  const { t } = useTranslation('back-office-orders');
  const { data } = useOrdersAwaitingAction();
  if (!data || data.count === 0) return null;
  return (
    <Anchor component={Link} to="/monastery/orders?status=to_approve" underline="never" hiddenFrom="sm">
      <Badge color="saffron" variant="filled" c="dark.9" size="lg" aria-hidden="true">
        {data.count}
      </Badge>
      <VisuallyHidden>{t('awaitingAction', { count: data.count })}</VisuallyHidden>
    </Anchor>
  );
}
