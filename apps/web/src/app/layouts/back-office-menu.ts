import type { Role } from '@puja/contract';

export interface BackOfficeMenuItem {
  /** The item is highlighted on every path that starts with this. */
  to: string;
  label:
    | 'staff:backOffice.dashboard'
    | 'staff:backOffice.monastery'
    | 'staff:backOffice.puja'
    | 'staff:backOffice.users'
    | 'staff:backOffice.payments'
    | 'staff:backOffice.payouts'
    | 'staff:backOffice.concerns'
    // The patron's top bar says Orders too: one string in the home page's bundle, not two.
    | 'nav.orders'
    | 'staff:backOffice.audit'
    | 'staff:backOffice.runSheet'
    | 'staff:backOffice.earnings'
    | 'staff:backOffice.team'
    | 'staff:backOffice.ownPage'
    | 'staff:backOffice.pageReviews'
    | 'staff:backOffice.orderDays';
  icon:
    | 'dashboard'
    | 'monastery'
    | 'puja'
    | 'users'
    | 'payments'
    | 'payouts'
    | 'concerns'
    | 'orders'
    | 'audit'
    | 'runSheet'
    | 'earnings'
    | 'team'
    | 'ownPage'
    | 'pageReviews'
    | 'orderDays';
  /** A number beside the label: the paid orders waiting for the staff's approval, polled. */
  count?: 'awaitingAction';
}

/** docs/product.md#back-office-layout: admin and monastery staff each have a sidebar; any other role sees no menu. */
export const BACK_OFFICE_MENUS: Record<Role, readonly BackOfficeMenuItem[]> = {
  admin: [
    { to: '/admin/dashboard', label: 'staff:backOffice.dashboard', icon: 'dashboard' },
    { to: '/admin/orders', label: 'nav.orders', icon: 'orders' },
    { to: '/admin/monastery', label: 'staff:backOffice.monastery', icon: 'monastery' },
    { to: '/admin/puja', label: 'staff:backOffice.puja', icon: 'puja' },
    { to: '/admin/order-days', label: 'staff:backOffice.orderDays', icon: 'orderDays' },
    { to: '/admin/manage-user', label: 'staff:backOffice.users', icon: 'users' },
    { to: '/admin/payments', label: 'staff:backOffice.payments', icon: 'payments' },
    { to: '/admin/payouts', label: 'staff:backOffice.payouts', icon: 'payouts' },
    { to: '/admin/page-reviews', label: 'staff:backOffice.pageReviews', icon: 'pageReviews' },
    { to: '/admin/concerns', label: 'staff:backOffice.concerns', icon: 'concerns' },
    { to: '/admin/audit', label: 'staff:backOffice.audit', icon: 'audit' },
  ],
  monastery: [
    { to: '/monastery/dashboard', label: 'staff:backOffice.dashboard', icon: 'dashboard' },
    { to: '/monastery/orders', label: 'nav.orders', icon: 'orders', count: 'awaitingAction' },
    { to: '/monastery/run-sheet', label: 'staff:backOffice.runSheet', icon: 'runSheet' },
    { to: '/monastery/puja', label: 'staff:backOffice.puja', icon: 'puja' },
    { to: '/monastery/order-days', label: 'staff:backOffice.orderDays', icon: 'orderDays' },
    { to: '/monastery/earnings', label: 'staff:backOffice.earnings', icon: 'earnings' },
    { to: '/monastery/page', label: 'staff:backOffice.ownPage', icon: 'ownPage' },
    { to: '/monastery/team', label: 'staff:backOffice.team', icon: 'team' },
  ],
  user: [],
};

export function isMenuItemActive(pathname: string, item: BackOfficeMenuItem): boolean {
  return pathname.startsWith(item.to);
}
