import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { messages, monasteries, monasteryPujas, orders, pujas, users } from '../../db/schema/index.ts';
import type { OrderCatalogueNames } from '../../notices/catalogue-names.ts';

/** How an order's patron is reached: their number, their address and whether they want e-mail, their language. */
export async function findOrderPatronContact(db: Executor, orderId: number) {
  const [row] = await db
    .select({
      userId: users.id,
      phone: users.phone,
      email: users.email,
      emailNotices: users.emailNotices,
      language: users.language,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return row;
}

/** The puja's and the monastery's names in every language (docs/decisions/049), joined from an order. */
const catalogueNames = {
  puja: { name: pujas.name, name_ne: pujas.nameNe, name_zh_hant: pujas.nameZhHant },
  monastery: {
    name: monasteries.name,
    name_ne: monasteries.nameNe,
    name_zh_hant: monasteries.nameZhHant,
  },
};

/** An order's puja and monastery names in every language, for its notices. */
export async function findOrderCatalogueNames(
  db: Executor,
  orderId: number,
): Promise<OrderCatalogueNames | undefined> {
  const [row] = await db
    .select(catalogueNames)
    .from(orders)
    .innerJoin(monasteryPujas, eq(monasteryPujas.id, orders.monasteryPujaId))
    .innerJoin(pujas, eq(pujas.id, monasteryPujas.pujaId))
    .innerJoin(monasteries, eq(monasteries.id, orders.monasteryId))
    .where(eq(orders.id, orderId));
  return row;
}

/** A monastery's active staff who have a phone, each with their language, to tell them of an order. */
export async function listStaffContacts(db: Executor, monasteryId: number) {
  return (
    db
      .select({ phone: users.phone, language: users.language })
      .from(users)
      .where(
        and(
          eq(users.role, 'monastery'),
          eq(users.monasteryId, monasteryId),
          isNull(users.archivedAt),
          isNotNull(users.phone),
        ),
      )
      .orderBy(asc(users.id))
      // A monastery has a handful of staff; the bound only keeps one message from becoming a flood of SMS.
      .limit(10)
  );
}

/** A patron as an e-mail is addressed to them when it is sent: null address or choice off means none. */
export async function findEmailRecipient(db: Executor, userId: number) {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      emailNotices: users.emailNotices,
      language: users.language,
      archivedAt: users.archivedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** A message of an order, for its e-mail to quote (only one of that very order). */
export async function findMessageOfOrder(db: Executor, orderId: number, messageId: number) {
  const [row] = await db
    .select({ body: messages.body })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.orderId, orderId)));
  return row?.body;
}

/** What an e-mail about an order names: its number, puja, monastery, day and time. */
export async function findOrderForEmail(db: Executor, orderId: number) {
  const [row] = await db
    .select({
      number: orders.number,
      userId: orders.userId,
      pujaDate: orders.pujaDate,
      pujaTime: orders.pujaTime,
      scheduleRevision: orders.scheduleRevision,
      ...catalogueNames,
    })
    .from(orders)
    .innerJoin(monasteryPujas, eq(monasteryPujas.id, orders.monasteryPujaId))
    .innerJoin(pujas, eq(pujas.id, monasteryPujas.pujaId))
    .innerJoin(monasteries, eq(monasteries.id, orders.monasteryId))
    .where(eq(orders.id, orderId));
  return row;
}
