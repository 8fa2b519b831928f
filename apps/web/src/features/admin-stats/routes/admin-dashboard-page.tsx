import '../../../lib/admin-strings.ts';
// Mantine's extension styles travel with the page that uses them; recharts (under @mantine/charts) is
// only ever in this page's chunk.
import '@mantine/charts/styles.layer.css';
import type { ReactNode } from 'react';
import { AdminDashboardScreen } from '../components/admin-dashboard-screen.tsx';

/**
 * `/admin/dashboard`: the administrator's start page. The admin area's route (app/routes.tsx) gives it the
 * audit feature's Recent activity panel.
 */
export function AdminDashboardPage({ recentActivity }: { recentActivity?: ReactNode }) {
  return <AdminDashboardScreen recentActivity={recentActivity} />;
}
