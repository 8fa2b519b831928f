import { Navigate, type RouteObject } from 'react-router';
import { NotFoundContent } from '../components/not-found-content.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { HomePage } from '../features/catalogue/routes/home-page.tsx';
import { MonasteriesPage } from '../features/catalogue/routes/monasteries-page.tsx';
import { PujasPage } from '../features/catalogue/routes/pujas-page.tsx';
import { RequireAuth } from './guards/require-auth.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { serverPage } from './page-handle.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/** The information pages, one small module: loaded on the first visit to any of them. */
const infoPages = () => import('../features/info-pages/routes/info-pages.tsx');
/** The patron's order pages (a direct order, their orders), one lazy module imported from one place. */
const patronOrders = () => import('../features/orders/routes/patron-orders-routes.ts');
/**
 * Both back offices' layout and own-account page, each imported from one place: the home page's bundle
 * then lists their chunks once (its budget, scripts/report-bundle-size.mjs).
 */
const backOfficeLayout = () => import('./layouts/back-office-layout.tsx');
const backOfficeAccount = () => import('../features/account/routes/back-office-account-page.tsx');
/** The staff's dashboard and both back offices' orders pages: one lazy module, imported from one place. */
const backOfficeOrders = async () =>
  (await import('../features/orders/routes/load-back-office-orders.ts')).loadBackOfficeOrders();

/*
 * The route table (docs/product.md#routes), grouped by role area: public, patron, admin and monastery
 * staff. Each area's routes and layout compose the features (features/<feature>/routes) its pages show.
 * The home page and the catalogue lists are in the first bundle; every other page is `lazy`, loaded when
 * first visited, so the first visit stays small and visitors never download the account or back-office
 * code (scripts/report-bundle-size.mjs checks both on every build).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          // The catalogue's pages are rendered on the server too (app/page-handle.ts).
          { index: true, element: <HomePage />, handle: serverPage('home') },
          { path: 'monasteries', element: <MonasteriesPage />, handle: serverPage('monasteries') },
          {
            path: 'monastery/:slug',
            handle: serverPage('monastery'),
            lazy: async () => ({
              Component: (await import('../features/catalogue/routes/monastery-page.tsx')).MonasteryPage,
            }),
          },
          { path: 'pujas', element: <PujasPage />, handle: serverPage('pujas') },
          {
            path: 'puja/:id',
            handle: serverPage('puja'),
            lazy: async () => ({
              Component: (await import('../features/catalogue/routes/puja-page.tsx')).PujaPage,
            }),
          },
          // The pages people look for before they pay (docs/product.md#information-pages).
          { path: 'about', lazy: async () => ({ Component: (await infoPages()).AboutPage }) },
          { path: 'contact', lazy: async () => ({ Component: (await infoPages()).ContactPage }) },
          { path: 'faq', lazy: async () => ({ Component: (await infoPages()).FaqPage }) },
          { path: 'terms', lazy: async () => ({ Component: (await infoPages()).TermsPage }) },
          { path: 'privacy', lazy: async () => ({ Component: (await infoPages()).PrivacyPage }) },
          { path: 'refunds', lazy: async () => ({ Component: (await infoPages()).RefundsPage }) },
          {
            element: <RequireAuth requireRole="user" />,
            children: [
              {
                path: 'direct-order',
                lazy: async () => ({ Component: (await patronOrders()).DirectOrderPage }),
              },
              {
                path: 'orders',
                lazy: async () => ({ Component: (await patronOrders()).OrdersPage }),
              },
              {
                path: 'account-settings',
                lazy: async () => ({
                  Component: (await import('../features/account/routes/account-settings-page.tsx'))
                    .AccountSettingsPage,
                }),
              },
              {
                path: 'lets-begin',
                lazy: async () => ({
                  Component: (await import('../features/account/routes/lets-begin-page.tsx')).LetsBeginPage,
                }),
              },
            ],
          },
          { path: '*', element: <NotFoundContent />, handle: serverPage('not-found') },
        ],
      },
      {
        lazy: async () => ({ Component: (await import('./layouts/login-layout.tsx')).LoginLayout }),
        children: [
          {
            path: 'auth',
            lazy: async () => ({
              Component: (await import('../features/session/routes/auth-page.tsx')).AuthPage,
            }),
          },
        ],
      },
      {
        path: 'admin',
        children: [
          { index: true, element: <Navigate to="/admin/dashboard" replace /> },
          {
            element: <RequireAuth requireRole="admin" />,
            children: [
              {
                lazy: async () => {
                  const { BackOfficeLayout } = await backOfficeLayout();
                  return { element: <BackOfficeLayout area="admin" /> };
                },
                children: [
                  {
                    path: 'dashboard',
                    // The dashboard's figures (admin-stats) with the newest audit entries beside them (audit).
                    lazy: async () => {
                      const [{ AdminDashboardPage }, { RecentActivity }] = await Promise.all([
                        import('../features/admin-stats/routes/admin-dashboard-page.tsx'),
                        import('../features/audit/components/recent-activity.tsx'),
                      ]);
                      return { element: <AdminDashboardPage recentActivity={<RecentActivity />} /> };
                    },
                  },
                  // Every monastery's orders, and one order's page (docs/product.md#orders-list-and-an-orders-page).
                  {
                    path: 'orders/:orderId?',
                    lazy: async () => ({ Component: (await backOfficeOrders()).AdminOrders }),
                  },
                  {
                    path: 'monastery',
                    lazy: async () => ({
                      Component: (await import('../features/catalogue/routes/admin-monasteries-page.tsx'))
                        .AdminMonasteriesPage,
                    }),
                  },
                  {
                    path: 'puja',
                    lazy: async () => ({
                      Component: (await import('../features/catalogue/routes/admin-pujas-page.tsx'))
                        .AdminPujasPage,
                    }),
                  },
                  {
                    path: 'manage-user',
                    lazy: async () => ({
                      Component: (await import('../features/users/routes/admin-users-page.tsx'))
                        .AdminUsersPage,
                    }),
                  },
                  {
                    path: 'payments',
                    lazy: async () => ({
                      Component: (await import('../features/payments/routes/admin-payments-page.tsx'))
                        .AdminPaymentsPage,
                    }),
                  },
                  {
                    path: 'audit',
                    lazy: async () => ({
                      Component: (await import('../features/audit/routes/admin-audit-log-page.tsx'))
                        .AdminAuditLogPage,
                    }),
                  },
                  {
                    path: 'account',
                    lazy: async () => ({ Component: (await backOfficeAccount()).BackOfficeAccountPage }),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: 'monastery',
        children: [
          // docs/product.md#routes: the base path goes to the dashboard, before the guard so `redirect` names the real page.
          { index: true, element: <Navigate to="/monastery/dashboard" replace /> },
          {
            element: <RequireAuth requireRole="monastery" />,
            children: [
              {
                lazy: async () => {
                  const { BackOfficeLayout } = await backOfficeLayout();
                  return { element: <BackOfficeLayout area="monastery" /> };
                },
                children: [
                  {
                    path: 'dashboard',
                    lazy: async () => ({ Component: (await backOfficeOrders()).MonasteryDashboardPage }),
                  },
                  {
                    path: 'orders/:orderId?',
                    lazy: async () => ({ Component: (await backOfficeOrders()).MonasteryOrders }),
                  },
                  {
                    path: 'puja',
                    lazy: async () => ({
                      Component: (
                        await import('../features/monastery-catalogue/routes/monastery-pujas-page.tsx')
                      ).MonasteryPujasPage,
                    }),
                  },
                  {
                    path: 'account',
                    lazy: async () => ({ Component: (await backOfficeAccount()).BackOfficeAccountPage }),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
