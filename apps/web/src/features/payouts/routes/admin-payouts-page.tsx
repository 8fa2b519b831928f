import '../../../lib/admin-strings.ts';
import { PayoutsAdminScreen } from '../components/payouts-admin-screen.tsx';

/** `/admin/payouts`: what each monastery is owed, payout runs and their transfers (issue #26). */
export function AdminPayoutsPage() {
  return <PayoutsAdminScreen />;
}
