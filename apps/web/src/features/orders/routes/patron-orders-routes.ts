/**
 * The patron's two order pages in one lazy module, imported from one place: they share the order form
 * and the payment code, and the home page's bundle then lists their chunks once (its budget,
 * scripts/report-bundle-size.mjs).
 */
export { DirectOrderPage } from './direct-order-page.tsx';
export { OrdersPage } from './orders-page.tsx';
export { PayLinkPage } from './pay-link-page.tsx';
export { PlanPage } from './plan-page.tsx';
