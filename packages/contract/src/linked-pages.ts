/**
 * The web app's pages the server links to from an SMS, an e-mail or a calendar event. Both ends read them
 * from here: the server builds its links with them, and the web app's route table is tested to have each
 * (apps/web/src/app/linked-pages.test.ts), so a notice cannot promise a page that answers "not found"
 * (apps/api/src/modules/orders/notice-links.test.ts opens every link the notices carry).
 */
export const LINKED_PAGES = {
  /** The patron's orders; `?oid=` opens one, with its messages and photos. */
  orders: '/orders',
  /** The patron's own settings, where e-mail notices are turned off. */
  accountSettings: '/account-settings',
  contact: '/contact',
  /** Where a monastery's staff find the orders an SMS tells them about. */
  staffDashboard: '/monastery/dashboard',
  /** The day's pujas with the names to read: the staff's morning reminder links to it. */
  staffRunSheet: '/monastery/run-sheet',
  /** The staff's orders; `/{id}` opens one, `?status=to_approve` lists the paid ones waiting. */
  staffOrders: '/monastery/orders',
  /** Where staff choose how they are told of orders (docs/decisions/041). */
  staffAccount: '/monastery/account',
} as const;

/** One order as its monastery's staff see it: where a notice about it leads. */
export function staffOrderPath(orderId: number): string {
  return `${LINKED_PAGES.staffOrders}/${orderId}`;
}

/** The paid orders waiting for approval: where a digest leads. */
export const STAFF_NEW_ORDERS_PATH = `${LINKED_PAGES.staffOrders}?status=to_approve`;

/** The patron's page of one order (its details, messages and completion photos). */
export function orderPagePath(orderId: number): string {
  return `${LINKED_PAGES.orders}?oid=${orderId}`;
}
