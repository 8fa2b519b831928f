/** Every query of the staff back office starts here; none of them is shared with the patron's pages. */
export const monasteryDashboardQueryKey = ['monastery-dashboard'] as const;

/** `GET /api/order`: the monastery's pending (paid and unpaid) and approved orders. */
export const staffOrdersQueryKey = [...monasteryDashboardQueryKey, 'orders'] as const;

/** `GET /api/monastery-puja`: the pujas the monastery offers and those it could add. */
export const monasteryPujasQueryKey = [...monasteryDashboardQueryKey, 'pujas'] as const;
