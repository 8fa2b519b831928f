/** Every catalogue query key starts here, so one invalidation can refresh the whole catalogue. */
export const catalogueQueryKey = ['catalogue'] as const;
