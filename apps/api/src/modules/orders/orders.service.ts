import {
  addDays,
  formatRupees,
  isCalendarDate,
  LATEST_ORDER_DAYS,
  type Order,
  type OrderConversationResponse,
  paisaToRupees,
  rupeesToPaisa,
  startOfBusinessDay,
  todayIn,
} from '@puja/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Viewer } from '../../plugins/auth.ts';
import {
  findOrderableOffering,
  findOrderById,
  insertOrderOnce,
  listImagesOfOrder,
  listMessagesOfOrder,
  type OrderRow,
  selectOrders,
} from './orders.queries.ts';

export interface NewOrder {
  monastery: number;
  puja: number;
  cost: number;
  date: string;
  payment: 'esewa' | 'khalti';
  beneficiary?: string | undefined;
  intention?: string | undefined;
  idempotency_key?: string | undefined;
}

export function createOrdersService(dependencies: {
  db: Database;
  businessTimeZone: string;
  /** A short-lived link to a completion photo. */
  imageUrl: (imageId: number) => string;
}) {
  const { db, businessTimeZone } = dependencies;

  function toOrder(row: OrderRow): Order {
    const { order } = row;
    return {
      id: order.id,
      date: startOfBusinessDay(order.pujaDate, businessTimeZone),
      user_id: order.userId,
      user: row.user,
      monastery_puja: { id: order.monasteryPujaId, monastery: row.monastery, puja: row.puja },
      beneficiary: order.beneficiary,
      intention: order.intention,
      payment_type: order.paymentType,
      payment_status: order.paymentStatus,
      transaction_code: order.transactionCode,
      amount: paisaToRupees(order.amountPaisa),
      status: order.status,
      created_at: order.createdAt.toISOString(),
    };
  }

  /** A date a puja can still be booked for: a real day, not before today in Nepal, within a year. */
  function checkPujaDate(date: string): void {
    const today = todayIn(businessTimeZone);
    if (!isCalendarDate(date)) throw invalid('date', 'Choose a valid date.');
    if (date < today) throw invalid('date', 'The date cannot be earlier than today.');
    if (date > addDays(today, LATEST_ORDER_DAYS))
      throw invalid('date', 'Choose a date within the next year.');
  }

  return {
    checkPujaDate,
    toOrder,

    /**
     * Places an order at the monastery's current price. The price the person saw must be that price: if
     * it changed, they are told and nothing is stored, rather than charged something they did not see.
     */
    async placeOrder(patron: Viewer, request: NewOrder): Promise<Order> {
      checkPujaDate(request.date);
      const offering = await findOrderableOffering(db, request.monastery, request.puja);
      if (!offering) {
        throw invalid('puja', 'This monastery does not offer this puja at the moment.');
      }
      if (rupeesToPaisa(request.cost) !== offering.costPaisa) {
        throw invalid(
          'cost',
          `The price of this puja is now ${formatRupees(paisaToRupees(offering.costPaisa))}. Please check and order again.`,
        );
      }
      const orderId = await insertOrderOnce(db, {
        userId: patron.id,
        monasteryPujaId: offering.pivotId,
        monasteryId: offering.monasteryId,
        pujaDate: request.date,
        beneficiary: request.beneficiary ?? null,
        intention: request.intention ?? null,
        amountPaisa: offering.costPaisa,
        paymentType: request.payment,
        idempotencyKey: request.idempotency_key ?? crypto.randomUUID(),
      });
      return toOrder((await findOrderById(db, orderId))!);
    },

    async listOwnOrders(patron: Viewer): Promise<Order[]> {
      return (await selectOrders(db, eq(orders.userId, patron.id))).map(toOrder);
    },

    /** An order as its patron, its monastery's staff or an administrator may see it. */
    async getReadableOrder(viewer: Viewer, orderId: number): Promise<OrderRow> {
      const row = await findOrderById(db, orderId);
      if (!row) throw new AppError('notFound', 'Order not found.');
      const mayRead =
        viewer.role === 'admin' ||
        (viewer.role === 'user' && row.order.userId === viewer.id) ||
        (viewer.role === 'monastery' && row.order.monasteryId === viewer.monastery_id);
      if (!mayRead) throw new AppError('forbidden', 'This order is not yours to see.');
      return row;
    },

    async getConversation(viewer: Viewer, orderId: number): Promise<OrderConversationResponse> {
      const row = await this.getReadableOrder(viewer, orderId);
      const [messages, images] = await Promise.all([
        listMessagesOfOrder(db, orderId),
        listImagesOfOrder(db, orderId),
      ]);
      return {
        messages: messages.map((message) => ({
          message: message.body,
          created_at: message.createdAt.toISOString(),
        })),
        images: images.map((image) => ({ id: image.id, url: dependencies.imageUrl(image.id) })),
        order: toOrder(row),
      };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

function invalid(field: string, message: string): AppError {
  return new AppError('invalidInput', message, { [field]: [message] });
}
