/**
 * The back offices' layout and pages, for the route table: a step between it and their code, as
 * `load-back-office-orders.ts` is for the orders pages. The first page's bundle then lists one small chunk
 * for every back-office route instead of the chunks each page needs (every name and index in that list is
 * paid for by every visitor, within the home page's budget: docs/decisions/050). This chunk lists them
 * instead; the browser fetches a page's chunks together, one round trip later, on the first visit.
 */
export const backOfficeLayout = async () =>
  (await import('./layouts/back-office-layout.tsx')).BackOfficeLayout;
export const backOfficeAccountPage = async () =>
  (await import('../features/account/routes/back-office-account-page.tsx')).BackOfficeAccountPage;
export const backOfficeOrders = async () =>
  (await import('../features/orders/routes/load-back-office-orders.ts')).loadBackOfficeOrders();
export const adminDashboardPage = () =>
  Promise.all([
    import('../features/admin-stats/routes/admin-dashboard-page.tsx'),
    import('../features/audit/components/recent-activity.tsx'),
  ]);
export const adminMonasteriesPage = async () =>
  (await import('../features/catalogue/routes/admin-monasteries-page.tsx')).AdminMonasteriesPage;
export const adminPujasPage = async () =>
  (await import('../features/catalogue/routes/admin-pujas-page.tsx')).AdminPujasPage;
export const adminUsersPage = async () =>
  (await import('../features/users/routes/admin-users-page.tsx')).AdminUsersPage;
export const adminPaymentsPage = async () =>
  (await import('../features/payments/routes/admin-payments-page.tsx')).AdminPaymentsPage;
export const adminPayoutsPage = async () =>
  (await import('../features/payouts/routes/admin-payouts-page.tsx')).AdminPayoutsPage;
export const adminConcernsPage = async () =>
  (await import('../features/concerns/routes/admin-concerns-page.tsx')).AdminConcernsPage;
export const adminAuditLogPage = async () =>
  (await import('../features/audit/routes/admin-audit-log-page.tsx')).AdminAuditLogPage;
export const runSheetPage = async () =>
  (await import('../features/run-sheet/routes/run-sheet-page.tsx')).RunSheetPage;
export const monasteryPujasPage = async () =>
  (await import('../features/monastery-catalogue/routes/monastery-pujas-page.tsx')).MonasteryPujasPage;
export const earningsPage = async () =>
  (await import('../features/earnings/routes/earnings-page.tsx')).EarningsPage;
