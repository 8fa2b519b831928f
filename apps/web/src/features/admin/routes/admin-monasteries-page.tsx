import '../admin-strings.ts';
// Mantine's extension styles travel with the page that uses them, not the first bundle.
import '@mantine/dropzone/styles.css';
import { CatalogueAdminScreen } from '../components/catalogue-admin-screen.tsx';

/** `/admin/monastery`: the administrator's monasteries (SPEC §2). */
export function AdminMonasteriesPage() {
  return <CatalogueAdminScreen kind="monastery" />;
}
