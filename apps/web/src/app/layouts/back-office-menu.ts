import type { Role } from '@puja/contract';

export interface BackOfficeMenuItem {
  /** The item is highlighted on every path that starts with this. */
  to: string;
  label:
    | 'backOffice.dashboard'
    | 'backOffice.monastery'
    | 'backOffice.puja'
    | 'backOffice.users'
    | 'backOffice.payments'
    // The patron's top bar says Orders too: one string in the home page's bundle, not two.
    | 'nav.orders'
    | 'backOffice.audit';
  icon: 'dashboard' | 'monastery' | 'puja' | 'users' | 'payments' | 'orders' | 'audit';
  /** A number beside the label: the paid orders waiting for the staff's approval, polled. */
  count?: 'awaitingAction';
}

/** docs/product.md#back-office-layout: admin and monastery staff each have a sidebar; any other role sees no menu. */
export const BACK_OFFICE_MENUS: Record<Role, readonly BackOfficeMenuItem[]> = {
  admin: [
    { to: '/admin/dashboard', label: 'backOffice.dashboard', icon: 'dashboard' },
    { to: '/admin/orders', label: 'nav.orders', icon: 'orders' },
    { to: '/admin/monastery', label: 'backOffice.monastery', icon: 'monastery' },
    { to: '/admin/puja', label: 'backOffice.puja', icon: 'puja' },
    { to: '/admin/manage-user', label: 'backOffice.users', icon: 'users' },
    { to: '/admin/payments', label: 'backOffice.payments', icon: 'payments' },
    { to: '/admin/audit', label: 'backOffice.audit', icon: 'audit' },
  ],
  monastery: [
    { to: '/monastery/dashboard', label: 'backOffice.dashboard', icon: 'dashboard' },
    { to: '/monastery/orders', label: 'nav.orders', icon: 'orders', count: 'awaitingAction' },
    { to: '/monastery/puja', label: 'backOffice.puja', icon: 'puja' },
  ],
  user: [],
};

export function isMenuItemActive(pathname: string, item: BackOfficeMenuItem): boolean {
  return pathname.startsWith(item.to);
}
