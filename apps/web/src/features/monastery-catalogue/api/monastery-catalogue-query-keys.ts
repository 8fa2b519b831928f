/**
 * `GET /api/monastery-puja`: the pujas the staff member's monastery offers and those it could add. A key of
 * the staff's area, never shared with the public catalogue's.
 */
export const monasteryPujasQueryKey = ['staff', 'pujas'] as const;
