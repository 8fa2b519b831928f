import '../../../lib/admin-strings.ts';
// Mantine's extension styles travel with the page that uses them, not the first bundle.
import '@mantine/dropzone/styles.layer.css';
import { CatalogueAdminScreen } from '../components/catalogue-admin-screen.tsx';

/** `/admin/puja`: the administrator's catalogue pujas (docs/product.md#admin-monasteries-and-pujas); special pujas belong to their monastery. */
export function AdminPujasPage() {
  return <CatalogueAdminScreen kind="puja" />;
}
