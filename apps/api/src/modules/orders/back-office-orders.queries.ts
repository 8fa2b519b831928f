import { type BackOfficeOrderFilter, toE164 } from '@puja/contract';
import { aliasedTable, and, asc, desc, eq, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  auditEntries,
  messages,
  monasteryPujas,
  orderImages,
  orders,
  paymentAttempts,
  refunds,
  users,
} from '../../db/schema/index.ts';
import { selectOrders } from './orders.queries.ts';

/** The back offices' list of orders (docs/api.md "Back-office orders"). */
export interface BackOfficeOrdersFilter {
  /** Staff: their monastery, always. Administrators: one monastery when they ask for it. */
  monasteryId?: number | undefined;
  q?: string | undefined;
  status?: BackOfficeOrderFilter | undefined;
  pujaId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const paid = eq(orders.paymentStatus, 'Completed');
const STATUS_CONDITIONS: Record<BackOfficeOrderFilter, SQL> = {
  awaiting_payment: and(eq(orders.status, 'pending'), ne(orders.paymentStatus, 'Completed'))!,
  to_approve: and(eq(orders.status, 'pending'), paid)!,
  approved: eq(orders.status, 'approved'),
  completed: eq(orders.status, 'completed'),
  declined: eq(orders.status, 'declined'),
  cancelled: eq(orders.status, 'cancelled'),
  expired: eq(orders.status, 'expired'),
};

/**
 * The Latin accents (combining diacritical marks, U+0300–U+036F) a search ignores. Only these: Devanagari's
 * vowel signs are marks too, and a Nepali name without them is another name.
 */
const ACCENTS = '[\u0300-\u036f]';
/** Folds a text for search: lower case, accents dropped (é → e), in JS as in SQL below. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(new RegExp(ACCENTS, 'g'), '').toLocaleLowerCase();
}
/** The same folding in SQL (no extension needed): decomposed, then the accents removed. */
const foldedSql = (value: SQL) => sql`regexp_replace(normalize(lower(${value}), NFD), ${ACCENTS}, '', 'g')`;
/** Any character but a digit, for keeping a phone's digits in SQL. */
const NOT_DIGITS = '[^0-9]';

/** A search that is a phone number as people type it: digits with spaces, dashes, dots, brackets, a `+`. */
const PHONE_LIKE = /^\+?[\d\s().-]+$/;
/** The sign-in form's default country (docs/product.md): a number typed without `+country` is Nepal's. */
const DEFAULT_DIAL_CODE = '+977';

/**
 * What a search asks for (docs/decisions/039): a phone number as people type it ("+977 981-2100005",
 * "981 210 0005", "09812100005") is read as one number by the library sign-in uses, and matched whole;
 * digits too few for a number are matched in the phone's digits or the order's number. Otherwise each word
 * must be somewhere in the order number, the patron's name or phone, case and accents ignored; a `PJ-`
 * prefix is optional, as order numbers are written without it too.
 */
export function searchOf(q: string | undefined): { phone?: string; digits?: string; words: string[] } {
  const text = (q ?? '').trim();
  const digits = text.replace(/\D/g, '');
  if (PHONE_LIKE.test(text) && digits.length >= 4) {
    if (digits.length >= 7) {
      // A trunk 0 is dropped by the library's national rules; a `+` says the country itself.
      const number = toE164(DEFAULT_DIAL_CODE, text.replace(/[\s().-]/g, ''));
      if (number.ok) return { phone: number.e164, words: [] };
    }
    return { digits, words: [] };
  }
  const words = foldForSearch(text)
    .split(/\s+/)
    .filter(Boolean)
    // "PJ-7K3M9Q", "pj 7k3m9q" and "7K3M9Q" are the same order: the prefix alone is no search.
    .map((word) => word.replace(/^pj-/, ''))
    .filter((word) => word !== '' && word !== 'pj' && word !== 'pj-');
  return { words };
}

/**
 * The filter as SQL over orders joined with their patron and offering. strpos rather than LIKE, so the
 * words are matched as they are, with no wildcard to escape.
 */
function whereOrders(filter: BackOfficeOrdersFilter): SQL | undefined {
  const search = searchOf(filter.q);
  const text = foldedSql(sql`concat_ws(' ', ${orders.number}, ${users.name}, ${users.phone})`);
  return and(
    filter.monasteryId === undefined ? undefined : eq(orders.monasteryId, filter.monasteryId),
    filter.status ? STATUS_CONDITIONS[filter.status] : undefined,
    filter.pujaId === undefined ? undefined : eq(monasteryPujas.pujaId, filter.pujaId),
    filter.from ? gte(orders.pujaDate, filter.from) : undefined,
    filter.to ? lte(orders.pujaDate, filter.to) : undefined,
    search.phone === undefined ? undefined : eq(users.phone, search.phone),
    search.digits === undefined
      ? undefined
      : or(
          sql`strpos(regexp_replace(coalesce(${users.phone}, ''), ${NOT_DIGITS}, '', 'g'), ${search.digits}) > 0`,
          sql`strpos(lower(${orders.number}), ${search.digits}) > 0`,
        ),
    ...search.words.map((word) => sql`strpos(${text}, ${word}) > 0`),
  );
}

const isOpen = sql`${orders.status} IN ('pending', 'approved')`;
/**
 * Open orders first, the soonest puja first (what the staff prepare next); then closed ones, the latest
 * puja first (the most recent history). The id breaks ties, so pages never overlap.
 */
const OPEN_SOONEST_THEN_CLOSED_LATEST = [
  sql`(${isOpen}) DESC`,
  sql`CASE WHEN ${isOpen} THEN ${orders.pujaDate} END ASC`,
  sql`CASE WHEN ${isOpen} THEN ${orders.id} END ASC`,
  desc(orders.pujaDate),
  desc(orders.id),
];

/** The joins the filter reads: the patron (name, phone) and the offering (its puja). */
function withPatronAndOffering<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(monasteryPujas, eq(monasteryPujas.id, orders.monasteryPujaId));
}

/** One page of orders matching the filter, and how many match in all. */
export async function listBackOfficeOrders(
  db: Executor,
  filter: BackOfficeOrdersFilter,
  page: { size: number; number: number },
) {
  const where = whereOrders(filter);
  const [pageIds, [counted]] = await Promise.all([
    // The page's ids first, sorted and skipped over narrow rows; then the whole rows of those few only. A
    // deep page would otherwise build every skipped order's row (names, its last message) to drop it.
    withPatronAndOffering(db.select({ id: orders.id }).from(orders).$dynamic())
      .where(where)
      .orderBy(...OPEN_SOONEST_THEN_CLOSED_LATEST)
      .limit(page.size)
      .offset((page.number - 1) * page.size),
    withPatronAndOffering(db.select({ count: sql<number>`count(*)::int` }).from(orders).$dynamic()).where(
      where,
    ),
  ]);
  const ids = pageIds.map((row) => row.id);
  const rows =
    ids.length === 0 ? [] : await selectOrders(db, inArray(orders.id, ids), OPEN_SOONEST_THEN_CLOSED_LATEST);
  return { rows, total: counted?.count ?? 0 };
}

/**
 * The ids of the orders matching the filter, in the list's order, at most `limit`, and how many match in
 * all: what "select every matching order" selects.
 */
export async function listMatchingOrderIds(db: Executor, filter: BackOfficeOrdersFilter, limit: number) {
  const where = whereOrders(filter);
  const [rows, [counted]] = await Promise.all([
    withPatronAndOffering(db.select({ id: orders.id }).from(orders).$dynamic())
      .where(where)
      .orderBy(...OPEN_SOONEST_THEN_CLOSED_LATEST)
      .limit(limit),
    withPatronAndOffering(db.select({ count: sql<number>`count(*)::int` }).from(orders).$dynamic()).where(
      where,
    ),
  ]);
  return { ids: rows.map((row) => row.id), total: counted?.count ?? 0 };
}

/** The orders matching the filter, whole, in the list's order, at most `limit` (an export). */
export async function listOrdersForExport(db: Executor, filter: BackOfficeOrdersFilter, limit: number) {
  const { ids } = await listMatchingOrderIds(db, filter, limit);
  return ids.length === 0 ? [] : selectOrders(db, inArray(orders.id, ids), OPEN_SOONEST_THEN_CLOSED_LATEST);
}

/** Paid orders still pending: what the staff must approve. Answered from a partial index. */
export function countOrdersAwaitingAction(db: Executor, monasteryId: number | undefined): Promise<number> {
  return db.$count(
    orders,
    and(
      eq(orders.status, 'pending'),
      paid,
      monasteryId === undefined ? undefined : eq(orders.monasteryId, monasteryId),
    ),
  );
}

// ---- What an order's timeline is built from ----

/** How many rows of each kind an order's page reads at most (an order has a handful of each). */
const HISTORY_LIMIT = 500;

/** The staff's (and administrators') recorded actions on the order, oldest first, with who did them. */
export function listAuditEntriesOfOrder(db: Executor, orderId: number) {
  return db
    .select({
      action: auditEntries.action,
      before: auditEntries.before,
      after: auditEntries.after,
      createdAt: auditEntries.createdAt,
      actor: { name: users.name, role: auditEntries.actorRole },
    })
    .from(auditEntries)
    .innerJoin(users, eq(users.id, auditEntries.actorId))
    .where(and(eq(auditEntries.subjectType, 'order'), eq(auditEntries.subjectId, orderId)))
    .orderBy(asc(auditEntries.id))
    .limit(HISTORY_LIMIT);
}

const refunder = aliasedTable(users, 'refunder');
/** Money received for the order (kept, to refund or refunded), oldest first. */
export function listReceivedPaymentsOfOrder(db: Executor, orderId: number) {
  return db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'Completed')))
    .orderBy(asc(paymentAttempts.completedAt), asc(paymentAttempts.id))
    .limit(HISTORY_LIMIT);
}

/** The refunds of the order's payments, oldest first, each with its payment's provider and who made it. */
export function listRefundsOfOrderWithRefunder(db: Executor, orderId: number) {
  return db
    .select({
      refund: refunds,
      provider: paymentAttempts.provider,
      refundedBy: { name: refunder.name, role: refunder.role },
    })
    .from(refunds)
    .innerJoin(paymentAttempts, eq(paymentAttempts.id, refunds.paymentAttemptId))
    .leftJoin(refunder, eq(refunder.id, refunds.refundedBy))
    .where(eq(paymentAttempts.orderId, orderId))
    .orderBy(asc(refunds.id))
    .limit(HISTORY_LIMIT);
}

/** The newest messages of the order (at most `limit`), newest first, with their writers. */
export function listNewestMessagesOfOrder(db: Executor, orderId: number, limit: number) {
  return db
    .select({
      body: messages.body,
      createdAt: messages.createdAt,
      sender: { id: users.id, name: users.name, role: users.role },
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.orderId, orderId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}

/** Completion photos sent together (one upload, one moment), oldest first: how many and by whom. */
export function listPhotoUploadsOfOrder(db: Executor, orderId: number) {
  return db
    .select({
      createdAt: orderImages.createdAt,
      photos: sql<number>`count(*)::int`,
      uploader: { name: users.name, role: users.role },
    })
    .from(orderImages)
    .innerJoin(users, eq(users.id, orderImages.uploadedBy))
    .where(eq(orderImages.orderId, orderId))
    .groupBy(orderImages.createdAt, users.id)
    .orderBy(asc(orderImages.createdAt))
    .limit(HISTORY_LIMIT);
}
