import { randomBytes, randomUUID } from 'node:crypto';
import {
  addDays,
  DEFAULT_BUSINESS_TIME_ZONE,
  type OrderStatus,
  rupeesToPaisa,
  todayIn,
} from '@puja/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import {
  postOrderCompleted,
  postPaymentReceived,
  postRefundDue,
} from '../../modules/ledger/ledger.service.ts';
import { newOrderNumber } from '../../modules/orders/orders.service.ts';
import { refundKeys } from '../../modules/payments/money-events.ts';
import {
  findKeptPayment,
  refreshOrderPaymentStatus,
} from '../../modules/payments/payments.shared-queries.ts';
import type { Database, Transaction } from '../client.ts';
import {
  auditEntries,
  messages,
  monasteries,
  monasteryPujas,
  orderImages,
  orders,
  paymentAttempts,
  pujas,
  refunds,
  users,
} from '../schema/index.ts';
import {
  type CompletionPhoto,
  type RenderedPicture,
  renderCompletionPhoto,
  renderMonasteryPicture,
  renderPujaPicture,
} from './artwork.ts';
import {
  type DemoOrder,
  demoAccounts,
  demoMonasteries,
  demoPatronOrders,
  demoPujas,
  demoSpecialPuja,
} from './demo-catalogue.ts';

// Any constant shared by every instance: two servers starting together must not both seed.
const SEED_LOCK_KEY = 7_204_113;

export interface SeedOptions {
  /** Where the demo orders' days are counted from (the business time zone). */
  businessTimeZone?: string;
  /** The moment the demo's history leads up to (tests pin it). */
  now?: Date;
}

/**
 * Fills an empty database with the demo catalogue, accounts and the demo patron's orders. "Empty" means
 * no monastery, puja or user: a database anyone has started using is never touched, so a restart seeds
 * nothing twice. Everything is written in one transaction under an advisory lock. Returns whether it
 * seeded.
 */
export async function seedDemoData(
  db: Database,
  storage: FileStorage,
  options: SeedOptions = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const existing = await tx.execute<{ has_rows: boolean }>(
      sql`SELECT EXISTS (SELECT 1 FROM monasteries) OR EXISTS (SELECT 1 FROM pujas) OR EXISTS (SELECT 1 FROM users) AS has_rows`,
    );
    if (existing.rows[0]?.has_rows) return false;

    // Drawn only once the database is known to be empty, all at once: sharp spreads them over the cores.
    const photoKinds = [
      ...new Set(
        demoPatronOrders.flatMap((order) =>
          order.events.flatMap((event) => (event.kind === 'completed' ? event.photos : [])),
        ),
      ),
    ];
    const [pujaPictures, monasteryPictures, specialPicture, photoList] = await Promise.all([
      Promise.all(demoPujas.map((puja) => renderPujaPicture(puja.hue, puja.motif))),
      Promise.all(demoMonasteries.map((monastery) => renderMonasteryPicture(monastery.scene, monastery.hue))),
      renderPujaPicture(demoSpecialPuja.hue, demoSpecialPuja.motif),
      Promise.all(photoKinds.map((kind) => renderCompletionPhoto(kind))),
    ]);
    const photos = new Map(photoKinds.map((kind, index) => [kind, photoList[index]!]));
    const savePicture = (slug: string, picture: RenderedPicture) =>
      storage.savePublic(`catalogue/${slug}-${picture.hash}.webp`, picture.bytes);

    const pujaIdsBySlug = new Map<string, number>();
    for (const [index, puja] of demoPujas.entries()) {
      const imagePath = await savePicture(puja.slug, pujaPictures[index]!);
      const [row] = await tx
        .insert(pujas)
        .values({
          slug: puja.slug,
          name: puja.name,
          description: puja.description,
          ...puja.translations,
          imagePath,
          status: 1,
        })
        .returning({ id: pujas.id });
      pujaIdsBySlug.set(puja.slug, row!.id);
    }

    const monasteryIds: number[] = [];
    for (const [index, monastery] of demoMonasteries.entries()) {
      const imagePath = await savePicture(monastery.slug, monasteryPictures[index]!);
      const [row] = await tx
        .insert(monasteries)
        .values({
          slug: monastery.slug,
          name: monastery.name,
          description: monastery.description,
          ...monastery.translations,
          imagePath,
          status: 1,
        })
        .returning({ id: monasteries.id });
      monasteryIds.push(row!.id);
      await tx.insert(monasteryPujas).values(
        Object.entries(monastery.offerings).map(([pujaSlug, rupees]) => ({
          monasteryId: row!.id,
          pujaId: pujaIdsBySlug.get(pujaSlug)!,
          costPaisa: rupeesToPaisa(rupees),
        })),
      );
    }

    // The first monastery's own special puja.
    const firstMonasteryId = monasteryIds[0]!;
    const [special] = await tx
      .insert(pujas)
      .values({
        slug: demoSpecialPuja.slug,
        name: demoSpecialPuja.name,
        description: demoSpecialPuja.description,
        imagePath: await savePicture(demoSpecialPuja.slug, specialPicture),
        status: 1,
        monasteryId: firstMonasteryId,
      })
      .returning({ id: pujas.id });
    pujaIdsBySlug.set(demoSpecialPuja.slug, special!.id);
    await tx.insert(monasteryPujas).values({
      monasteryId: firstMonasteryId,
      pujaId: special!.id,
      costPaisa: rupeesToPaisa(demoSpecialPuja.cost),
    });

    const accounts = await tx
      .insert(users)
      .values(
        demoAccounts.map((account) => ({
          name: account.name,
          email: account.email,
          phone: account.phone,
          role: account.role,
          monasteryId: account.role === 'monastery' ? firstMonasteryId : null,
        })),
      )
      .returning({ id: users.id, role: users.role });

    const offerings = await tx
      .select({ id: monasteryPujas.id, pujaId: monasteryPujas.pujaId, costPaisa: monasteryPujas.costPaisa })
      .from(monasteryPujas)
      .where(eq(monasteryPujas.monasteryId, firstMonasteryId));
    const now = options.now ?? new Date();
    const context: OrderContext = {
      tx,
      storage,
      photos,
      patronId: accounts.find((account) => account.role === 'user')!.id,
      staffId: accounts.find((account) => account.role === 'monastery')!.id,
      monasteryId: firstMonasteryId,
      offeringOf: (pujaSlug) =>
        offerings.find((offering) => offering.pujaId === pujaIdsBySlug.get(pujaSlug))!,
      today: todayIn(options.businessTimeZone ?? DEFAULT_BUSINESS_TIME_ZONE, now),
      at: (hoursAgo) => new Date(now.getTime() - hoursAgo * 3_600_000),
    };
    for (const order of demoPatronOrders) await seedOrder(context, order);
    return true;
  });
}

interface OrderContext {
  tx: Transaction;
  storage: FileStorage;
  photos: Map<CompletionPhoto, RenderedPicture>;
  patronId: number;
  staffId: number;
  monasteryId: number;
  offeringOf: (pujaSlug: string) => { id: number; costPaisa: number };
  today: string;
  at: (hoursAgo: number) => Date;
}

/**
 * One demo order and its history, written as the real code paths write them: a payment is one Completed
 * attempt recorded on the order, a decline turns the kept payment into a refund due, completion photos go
 * to private storage with an `order_images` row each, staff actions leave audit entries, and the order's
 * payment status is set by the payments module's own rule.
 */
async function seedOrder(context: OrderContext, demo: DemoOrder): Promise<void> {
  const { tx, at } = context;
  const offering = context.offeringOf(demo.pujaSlug);
  const pujaDate = addDays(context.today, demo.pujaInDays);
  const ordered = at(demo.orderedHoursAgo);
  const [order] = await tx
    .insert(orders)
    .values({
      number: newOrderNumber(),
      userId: context.patronId,
      monasteryPujaId: offering.id,
      monasteryId: context.monasteryId,
      pujaDate,
      beneficiary: demo.beneficiary,
      intention: demo.intention,
      amountPaisa: offering.costPaisa,
      paymentType: demo.paymentType,
      idempotencyKey: randomUUID(),
      createdAt: ordered,
      updatedAt: ordered,
    })
    .returning({ id: orders.id });
  const orderId = order!.id;
  const audit = (
    action: 'approve' | 'decline' | 'complete' | 'message',
    when: Date,
    before: Record<string, unknown> | null,
    after: Record<string, unknown>,
  ) =>
    tx.insert(auditEntries).values({
      actorId: context.staffId,
      actorRole: 'monastery',
      action,
      subjectType: 'order',
      subjectId: orderId,
      before,
      after,
      createdAt: when,
    });

  let status: OrderStatus = 'pending';
  let changed = ordered;
  const history = [...demo.events].sort((a, b) => b.hoursAgo - a.hoursAgo);
  for (const event of history) {
    const when = at(event.hoursAgo);
    switch (event.kind) {
      case 'paid': {
        const transactionCode = randomCode(demo.paymentType === 'esewa' ? 7 : 22);
        const [payment] = await tx
          .insert(paymentAttempts)
          .values({
            orderId,
            provider: demo.paymentType,
            // Our reference as each provider gets it: eSewa's transaction_uuid, Khalti's pidx.
            reference:
              demo.paymentType === 'esewa' ? `${orderId}-${randomBytes(6).toString('hex')}` : randomCode(22),
            amountPaisa: offering.costPaisa,
            status: 'Completed',
            providerTransactionCode: transactionCode,
            completedAt: when,
            createdAt: new Date(when.getTime() - 120_000),
            updatedAt: when,
          })
          .returning();
        // The demo's books, as the live code keeps them (docs/decisions/031).
        await postPaymentReceived(tx, payment!);
        await tx.update(orders).set({ transactionCode, updatedAt: when }).where(eq(orders.id, orderId));
        break;
      }
      case 'approved':
      case 'declined': {
        const next = event.kind === 'approved' ? 'approved' : 'declined';
        await audit(
          event.kind === 'approved' ? 'approve' : 'decline',
          when,
          { status, date: pujaDate },
          {
            status: next,
            date: pujaDate,
          },
        );
        status = next;
        if (event.kind === 'declined') {
          // Declined as staff now decline, with a reason the patron reads (docs/decisions/038).
          await tx.update(orders).set({ declineReason: 'date_unavailable' }).where(eq(orders.id, orderId));
          // Money kept for a puja that will not be performed goes back, all of it (docs/payments.md).
          const released = await tx
            .update(paymentAttempts)
            .set({ releasedAt: when, updatedAt: when })
            .where(
              and(
                eq(paymentAttempts.orderId, orderId),
                eq(paymentAttempts.status, 'Completed'),
                isNull(paymentAttempts.releasedAt),
              ),
            )
            .returning();
          for (const payment of released) {
            const [refund] = await tx
              .insert(refunds)
              .values({
                paymentAttemptId: payment.id,
                amountPaisa: payment.amountPaisa,
                reason: 'declined',
                idempotencyKey: refundKeys.release(payment.id),
                dueAt: when,
                createdAt: when,
                updatedAt: when,
              })
              .returning();
            await postRefundDue(tx, payment, refund!, 0);
          }
        }
        break;
      }
      case 'completed': {
        const stored: (typeof orderImages.$inferInsert)[] = [];
        for (const kind of event.photos) {
          const photo = context.photos.get(kind)!;
          // Kept as staff uploads are: private, under a random key, shown only through signed links.
          const storageKey = `order-images/${orderId}/${randomBytes(16).toString('hex')}.webp`;
          await context.storage.savePrivate(storageKey, photo.bytes);
          stored.push({
            orderId,
            storageKey,
            contentType: 'image/webp',
            width: photo.width,
            height: photo.height,
            sizeBytes: photo.bytes.length,
            uploadedBy: context.staffId,
            createdAt: when,
          });
        }
        await tx.insert(orderImages).values(stored);
        const kept = await findKeptPayment(tx, orderId);
        // At the default commission (COMMISSION_BASIS_POINTS' default): the demo has no configuration.
        if (kept) await postOrderCompleted(tx, { id: orderId, monasteryId: context.monasteryId }, kept, 1000);
        await audit('complete', when, { status: 'approved' }, { status: 'completed', photos: stored.length });
        status = 'completed';
        break;
      }
      case 'message': {
        const fromPatron = event.from === 'patron';
        const [message] = await tx
          .insert(messages)
          .values({
            orderId,
            senderId: fromPatron ? context.patronId : context.staffId,
            body: event.text,
            createdAt: when,
          })
          .returning({ id: messages.id });
        // Staff writes are audited; a patron's are not (as in the order-handling service).
        if (!fromPatron)
          await audit('message', when, null, { message_id: message!.id, to_user_id: context.patronId });
        break;
      }
    }
    if (event.kind !== 'message') changed = when;
  }
  await refreshOrderPaymentStatus(tx, orderId);
  await tx.update(orders).set({ status, updatedAt: changed }).where(eq(orders.id, orderId));
}

/** Upper-case letters and digits, as the providers' references and transaction codes look. */
function randomCode(length: number): string {
  return randomBytes(length).toString('base64url').replace(/[-_]/g, 'X').slice(0, length).toUpperCase();
}
