import '../../../lib/admin-strings.ts';
import { UsersAdminScreen } from '../components/users-admin-screen.tsx';

/** `/admin/manage-user`: the administrator's users (docs/product.md#admin-users). */
export function AdminUsersPage() {
  return <UsersAdminScreen />;
}
