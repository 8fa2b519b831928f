import '../admin-strings.ts';
import { UsersAdminScreen } from '../components/users-admin-screen.tsx';

/** `/admin/manage-user`: the administrator's users (SPEC §2). */
export function AdminUsersPage() {
  return <UsersAdminScreen />;
}
