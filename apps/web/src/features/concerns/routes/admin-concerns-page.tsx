import '../../../lib/admin-strings.ts';
import '../../../lib/orders-strings.ts';
import { ConcernsAdminScreen } from '../components/concerns-admin-screen.tsx';

/** `/admin/concerns`: patrons' concerns about performed pujas, with each order's proof (issue #28). */
export function AdminConcernsPage() {
  return <ConcernsAdminScreen />;
}
