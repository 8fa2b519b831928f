import '../admin-strings.ts';
// Mantine's extension styles travel with the page that uses them; recharts (under @mantine/charts) is
// only ever in this page's chunk.
import '@mantine/charts/styles.css';
import { AdminDashboardScreen } from '../components/dashboard/admin-dashboard-screen.tsx';

/** `/admin/dashboard`: the administrator's start page. */
export function AdminDashboardPage() {
  return <AdminDashboardScreen />;
}
