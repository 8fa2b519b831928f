/** Every query about the patron's orders starts here, so placing or paying one can refresh them all. */
export const ordersQueryKey = ['orders'] as const;

/**
 * `GET /api/order` as staff: the monastery's pending (paid and unpaid) and approved orders. A key of the
 * staff's area, never shared with the patron's pages.
 */
export const staffOrdersQueryKey = ['staff', 'orders'] as const;

/**
 * The back offices' orders (`/api/orders`: the list, an order's page, the count awaiting action), shared by
 * staff and administrators. Every staff action refreshes everything under it, so a list, an order's page
 * and the sidebar's count all show what the server now holds.
 */
export const backOfficeOrdersQueryKey = ['back-office', 'orders'] as const;
