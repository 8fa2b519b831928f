import { useParams } from 'react-router';
import { AdminOrderPage, MonasteryOrderPage } from './back-office-order-page.tsx';
import { AdminOrdersPage, MonasteryOrdersPage } from './back-office-orders-page.tsx';

export { MonasteryDashboardPage } from './monastery-dashboard-page.tsx';

/*
 * The staff's dashboard and both back offices' orders pages, one lazy module imported from one place:
 * they share most of their code (the staff's actions, dialogs, cards), which then travels as one chunk,
 * and each back office has one route, `orders/:orderId?`, for its list and an order's page. Every byte of
 * the route table is in the home page's bundle, within its budget (scripts/report-bundle-size.mjs).
 */

/** `/monastery/orders` and `/monastery/orders/{id}`. */
export function MonasteryOrders() {
  return useParams().orderId === undefined ? <MonasteryOrdersPage /> : <MonasteryOrderPage />;
}

/** `/admin/orders` and `/admin/orders/{id}`. */
export function AdminOrders() {
  return useParams().orderId === undefined ? <AdminOrdersPage /> : <AdminOrderPage />;
}
