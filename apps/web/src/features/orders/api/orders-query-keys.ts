/** Every query about the patron's orders starts here, so placing or paying one can refresh them all. */
export const ordersQueryKey = ['orders'] as const;
