import '../../../lib/admin-strings.ts';
// Mantine's extension styles travel with the page that uses them, not the first bundle.
import '@mantine/dropzone/styles.layer.css';
import { CatalogueAdminScreen } from '../components/catalogue-admin-screen.tsx';

/** `/admin/monastery`: the administrator's monasteries (docs/product.md#admin-monasteries-and-pujas). */
export function AdminMonasteriesPage() {
  return <CatalogueAdminScreen kind="monastery" />;
}
