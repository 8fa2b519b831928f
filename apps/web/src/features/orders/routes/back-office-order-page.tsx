import '../../../lib/back-office-orders-strings.ts';
import '../../../lib/staff-strings.ts';
// The completion photos' drop zone is Mantine's extension; its styles come with the staff's pages only.
import '@mantine/dropzone/styles.layer.css';
import { useParams } from 'react-router';
import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { BackOfficeOrderScreen } from '../components/back-office-order-screen.tsx';

/** The order's id from the address, or null when it cannot be one (the server would only answer 422). */
function useOrderId(): number | null {
  const { orderId } = useParams();
  const id = Number(orderId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** `/monastery/orders/{id}`: one of the monastery's orders, with what its staff may do now. */
export function MonasteryOrderPage() {
  const orderId = useOrderId();
  if (orderId === null) return <NotFoundContent />;
  return <BackOfficeOrderScreen key={orderId} orderId={orderId} basePath="/monastery/orders" staff />;
}

/** `/admin/orders/{id}`: any monastery's order, to read. */
export function AdminOrderPage() {
  const orderId = useOrderId();
  if (orderId === null) return <NotFoundContent />;
  return <BackOfficeOrderScreen key={orderId} orderId={orderId} basePath="/admin/orders" staff={false} />;
}
