import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';

/**
 * Where a layout shows its page. Most pages' code loads on their first visit (app/routes.tsx): the loader
 * shows meanwhile on a first render, while a move from another page keeps that page on screen until the
 * new one is ready (React Router moves between pages as transitions). A server-rendered page that is
 * still loading its code keeps its markup until it hydrates.
 */
export function PageOutlet() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}
