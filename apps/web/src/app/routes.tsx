import { DEFAULT_LANGUAGE, LANGUAGES } from '@puja/contract';
import { type ComponentType, lazy, type ReactElement } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { NotFoundContent } from '../components/not-found-content.tsx';
import { HomePage } from '../features/catalogue/routes/home-page.tsx';
import { MonasteriesPage } from '../features/catalogue/routes/monasteries-page.tsx';
import { PujasPage } from '../features/catalogue/routes/pujas-page.tsx';
import { RequireAuth } from './guards/require-auth.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { serverPage } from './page-handle.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

/**
 * A page (or layout) whose code loads on its first visit. The layouts show pages through `PageOutlet`,
 * whose Suspense shows the loader meanwhile, or keeps the previous page on screen during a move.
 */
function lazyPage(load: () => Promise<ComponentType>): ReactElement {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= load().then((Page) => ({ default: Page }));
    return loading;
  };
  const Page = Object.assign(lazy(preload), { preload });
  return <Page />;
}

/**
 * Loads the code of the lazy pages and layouts at `pathname`. main.tsx awaits it before the first render,
 * so a server-rendered page hydrates in one pass and a page rendered in the browser shows without the
 * loader first.
 */
export async function preloadPagesAt(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) =>
      (route.element as { type?: { preload?: () => Promise<unknown> } })?.type?.preload?.(),
    ),
  );
}

/** The information pages, one small module: loaded on the first visit to any of them. */
const infoPages = () => import('../features/info-pages/routes/info-pages.tsx');
/** The patron's order pages (a direct order, their orders), one lazy module imported from one place. */
const patronOrders = () => import('../features/orders/routes/patron-orders-routes.ts');
/** The back offices' layout and pages, through one lazy module (app/back-office-pages.ts). */
const backOffice = () => import('./back-office-pages.ts');

/**
 * The public pages: one address per language, English at the root (docs/decisions/047); the same
 * routes under each language's prefix.
 */
const publicPages: RouteObject[] = [
  // The catalogue's pages are rendered on the server too (app/page-handle.ts).
  { index: true, element: <HomePage />, handle: serverPage('home') },
  { path: 'monasteries', element: <MonasteriesPage />, handle: serverPage('monasteries') },
  {
    path: 'monastery/:slug',
    handle: serverPage('monastery'),
    element: lazyPage(
      async () => (await import('../features/catalogue/routes/monastery-page.tsx')).MonasteryPage,
    ),
  },
  { path: 'pujas', element: <PujasPage />, handle: serverPage('pujas') },
  {
    path: 'puja/:id',
    handle: serverPage('puja'),
    element: lazyPage(async () => (await import('../features/catalogue/routes/puja-page.tsx')).PujaPage),
  },
  // A certificate's public check (docs/decisions/037): whoever holds its code, signed in or not.
  {
    path: 'verify/:code',
    handle: serverPage('verify'),
    element: lazyPage(async () => (await import('../features/proof/routes/verify-page.tsx')).VerifyPage),
  },
  // The pages people look for before they pay (docs/product.md#information-pages).
  {
    path: 'about',
    handle: serverPage('about'),
    element: lazyPage(async () => (await infoPages()).AboutPage),
  },
  {
    path: 'contact',
    handle: serverPage('contact'),
    element: lazyPage(async () => (await infoPages()).ContactPage),
  },
  {
    path: 'faq',
    handle: serverPage('faq'),
    element: lazyPage(async () => (await infoPages()).FaqPage),
  },
  {
    path: 'terms',
    handle: serverPage('terms'),
    element: lazyPage(async () => (await infoPages()).TermsPage),
  },
  {
    path: 'privacy',
    handle: serverPage('privacy'),
    element: lazyPage(async () => (await infoPages()).PrivacyPage),
  },
  {
    path: 'refunds',
    handle: serverPage('refunds'),
    element: lazyPage(async () => (await infoPages()).RefundsPage),
  },
];

const notFoundPage: RouteObject = {
  path: '*',
  element: <NotFoundContent />,
  handle: serverPage('not-found'),
};

/*
 * The route table (docs/product.md#routes), grouped by role area: public, patron, admin and monastery
 * staff. Each area's routes and layout compose the features (features/<feature>/routes) its pages show.
 * The home page and the catalogue lists are in the first bundle; every other page is a `lazyPage`, loaded when
 * first visited, so the first visit stays small and visitors never download the account or back-office
 * code (scripts/report-bundle-size.mjs checks both on every build).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          ...publicPages,
          // The public pages in the other languages (docs/decisions/047): `/ne/…`, `/zh-Hant/…`.
          ...LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).map((language) => ({
            path: language,
            children: [...publicPages, notFoundPage],
          })),
          // A gift's dedication (docs/decisions/054): its link's token is the key, signed in or not; rendered
          // in the browser only, and kept from search engines (robots.txt).
          {
            path: 'dedication/:token',
            element: lazyPage(
              async () => (await import('../features/orders/routes/dedication-page.tsx')).DedicationPage,
            ),
          },
          // A "Pay for me" link's page (docs/decisions/051): for anyone holding the link, signed in or not.
          {
            path: 'pay/:token',
            element: lazyPage(async () => (await patronOrders()).PayLinkPage),
          },
          {
            element: <RequireAuth requireRole="user" />,
            children: [
              {
                path: 'direct-order',
                element: lazyPage(async () => (await patronOrders()).DirectOrderPage),
              },
              {
                path: 'orders',
                element: lazyPage(async () => (await patronOrders()).OrdersPage),
              },
              // A dedication plan (docs/decisions/056), where the wallets send the browser back after paying it.
              {
                path: 'plans/:planId',
                element: lazyPage(async () => (await patronOrders()).PlanPage),
              },
              {
                path: 'account-settings',
                element: lazyPage(
                  async () =>
                    (await import('../features/account/routes/account-settings-page.tsx'))
                      .AccountSettingsPage,
                ),
              },
              {
                path: 'lets-begin',
                element: lazyPage(
                  async () => (await import('../features/account/routes/lets-begin-page.tsx')).LetsBeginPage,
                ),
              },
            ],
          },
          notFoundPage,
        ],
      },
      {
        element: lazyPage(async () => (await import('./layouts/login-layout.tsx')).LoginLayout),
        children: [
          {
            path: 'auth',
            element: lazyPage(
              async () => (await import('../features/session/routes/auth-page.tsx')).AuthPage,
            ),
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
                element: lazyPage(async () => {
                  const BackOfficeLayout = await (await backOffice()).backOfficeLayout();
                  return () => <BackOfficeLayout area="admin" />;
                }),
                children: [
                  {
                    path: 'dashboard',
                    // The dashboard's figures (admin-stats) with the newest audit entries beside them (audit).
                    element: lazyPage(async () => {
                      const [{ AdminDashboardPage }, { RecentActivity }] = await (
                        await backOffice()
                      ).adminDashboardPage();
                      return () => <AdminDashboardPage recentActivity={<RecentActivity />} />;
                    }),
                  },
                  // Every monastery's orders, and one order's page (docs/product.md#orders-list-and-an-orders-page).
                  {
                    path: 'orders/:orderId?',
                    element: lazyPage(
                      async () => (await (await backOffice()).backOfficeOrders()).AdminOrders,
                    ),
                  },
                  {
                    path: 'monastery',
                    element: lazyPage(async () => (await backOffice()).adminMonasteriesPage()),
                  },
                  {
                    path: 'puja',
                    element: lazyPage(async () => (await backOffice()).adminPujasPage()),
                  },
                  {
                    path: 'order-days',
                    element: lazyPage(
                      async () =>
                        (await import('../features/order-days/routes/order-days-page.tsx'))
                          .AdminOrderDaysPage,
                    ),
                  },
                  {
                    path: 'manage-user',
                    element: lazyPage(async () => (await backOffice()).adminUsersPage()),
                  },
                  {
                    path: 'payments',
                    element: lazyPage(async () => (await backOffice()).adminPaymentsPage()),
                  },
                  {
                    path: 'payouts',
                    element: lazyPage(async () => (await backOffice()).adminPayoutsPage()),
                  },
                  {
                    path: 'page-reviews',
                    element: lazyPage(
                      async () =>
                        (await import('../features/monastery-page/routes/page-reviews.tsx')).PageReviewsPage,
                    ),
                  },
                  {
                    path: 'concerns',
                    element: lazyPage(async () => (await backOffice()).adminConcernsPage()),
                  },
                  {
                    path: 'audit',
                    element: lazyPage(async () => (await backOffice()).adminAuditLogPage()),
                  },
                  {
                    path: 'account',
                    element: lazyPage(async () => (await backOffice()).backOfficeAccountPage()),
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
                element: lazyPage(async () => {
                  const BackOfficeLayout = await (await backOffice()).backOfficeLayout();
                  return () => <BackOfficeLayout area="monastery" />;
                }),
                children: [
                  {
                    path: 'dashboard',
                    element: lazyPage(
                      async () => (await (await backOffice()).backOfficeOrders()).MonasteryDashboardPage,
                    ),
                  },
                  {
                    path: 'orders/:orderId?',
                    element: lazyPage(
                      async () => (await (await backOffice()).backOfficeOrders()).MonasteryOrders,
                    ),
                  },
                  {
                    path: 'run-sheet',
                    element: lazyPage(async () => (await backOffice()).runSheetPage()),
                  },
                  {
                    path: 'puja',
                    element: lazyPage(async () => (await backOffice()).monasteryPujasPage()),
                  },
                  {
                    path: 'order-days',
                    element: lazyPage(
                      async () =>
                        (await import('../features/order-days/routes/order-days-page.tsx'))
                          .MonasteryOrderDaysPage,
                    ),
                  },
                  {
                    path: 'earnings',
                    element: lazyPage(async () => (await backOffice()).earningsPage()),
                  },
                  {
                    path: 'page',
                    element: lazyPage(
                      async () =>
                        (await import('../features/monastery-page/routes/own-page.tsx')).OwnPagePage,
                    ),
                  },
                  {
                    path: 'team',
                    element: lazyPage(
                      async () => (await import('../features/monastery-team/routes/team-page.tsx')).TeamPage,
                    ),
                  },
                  {
                    path: 'account',
                    element: lazyPage(async () => (await backOffice()).backOfficeAccountPage()),
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

/**
 * The app's pages at the current address. React Router runs in its declarative mode (docs/decisions/023):
 * the pages fetch their own data through TanStack Query, so the data router's loaders would go unused, and
 * leaving it out keeps 17 KB (gzipped) off every first visit. A page that throws while rendering, or whose
 * code fails to load, shows the error page until the next move.
 */
export function AppRoutes() {
  const location = useLocation();
  const page = useRoutes(routes);
  return <RouteErrorBoundary pathname={location.pathname}>{page}</RouteErrorBoundary>;
}
