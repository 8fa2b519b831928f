import '../../../lib/admin-strings.ts';
import { AuditLogScreen } from '../components/audit-log-screen.tsx';

/** `/admin/audit`: the audit log, filtered by who, what and when (issue #13). */
export function AdminAuditLogPage() {
  return <AuditLogScreen />;
}
