import '../../../lib/admin-strings.ts';
import { PaymentsAdminScreen } from '../components/payments-admin-screen.tsx';

/** `/admin/payments`: payments and refunds across every monastery (issue #10). */
export function AdminPaymentsPage() {
  return <PaymentsAdminScreen />;
}
