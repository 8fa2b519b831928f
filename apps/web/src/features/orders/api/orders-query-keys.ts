/** Every query about the patron's orders starts here, so placing or paying one can refresh them all. */
export const ordersQueryKey = ['orders'] as const;

/**
 * `GET /api/order` as staff: the monastery's pending (paid and unpaid) and approved orders. A key of the
 * staff's area, never shared with the patron's pages.
 */
export const staffOrdersQueryKey = ['staff', 'orders'] as const;
