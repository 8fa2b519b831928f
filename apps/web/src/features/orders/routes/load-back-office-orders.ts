/**
 * A step between the route table and the orders pages: the home page's bundle then lists one small chunk
 * for these routes instead of the thirty-odd chunks the pages need (every name and index there is paid
 * for by every visitor, within the home page's budget). This chunk lists them instead, and the
 * browser still fetches them together, one round trip later, on the first back-office visit.
 */
export const loadBackOfficeOrders = () => import('./back-office-orders-routes.tsx');
