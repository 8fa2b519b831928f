import { createHash, randomBytes } from 'node:crypto';
import {
  addDays,
  type Dedication,
  dedicationPagePath,
  type GiftDetails,
  type GiftInput,
  giftInputSchema,
  isCalendarDate,
  LATEST_ORDER_DAYS,
  type OrderGift,
  todayIn,
} from '@puja/contract';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/app-error.ts';
import { noticeText } from '../../notices/notices.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { firstNamesOfOrder, listImagesOfOrder } from '../orders/orders.shared-queries.ts';
import {
  deleteUntoldGift,
  findGiftOrderByLink,
  findOrderWithGift,
  type GiftOrderRow,
  type GiftRow,
  insertGift,
  listGiftsToTell,
  markGiftTold,
  updateGift,
} from './gifts.queries.ts';

/** Gifts told per transaction: a busy day is worked through in batches, each committed on its own. */
const BATCH = 100;
/** The most names a dedication's page lists (an order has at most PRAYER_NAMES_MAX). */
const PAGE_NAMES = 30;

type Gift = z.output<typeof giftInputSchema>;

/** An order whose gift nobody will be told of: its puja will not happen. */
const CLOSED_STATUSES = new Set(['declined', 'cancelled', 'expired']);
const GIFT_TOLD_MESSAGE =
  'They have been told already: only their name, your words and whether your name shows can change.';

/** The SHA-256 of a dedication link's token: what is stored, so a copy of the database opens no page. */
export function linkHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Gifts (docs/decisions/054): a patron dedicates an order to someone, who is told on the day chosen, once
 * the order is paid, by e-mail and/or SMS in their language, with an unguessable link to the dedication's
 * page; the page shows the puja, and its photos once performed, and of the patron only the name, if they
 * chose to show it.
 */
export function createGiftsService(dependencies: {
  db: Database;
  /** NOTIFY_PATRONS_BY_SMS: whether SMS are sent at all. */
  sms: boolean;
  /** Whether an e-mail transport is configured. */
  email: boolean;
  publicUrl: string;
  businessTimeZone: string;
  /** A short-lived link to a completion photo. */
  imageUrl: (imageId: number) => string;
}) {
  const { db, businessTimeZone, publicUrl } = dependencies;

  /** The day a gift is told: a real day from today (Nepal) to a year ahead; 422 otherwise. */
  function checkGift(gift: GiftInput, field = 'gift.tell_on'): void {
    const today = todayIn(businessTimeZone);
    const day = gift.tell_on;
    const refuse = (message: string) => new AppError('invalidInput', message, { [field]: [message] });
    if (!isCalendarDate(day)) throw refuse('Choose a valid date.');
    if (day < today) throw refuse('The date cannot be earlier than today.');
    if (day > addDays(today, LATEST_ORDER_DAYS)) throw refuse('Choose a date within the next year.');
  }

  /** The patron's own order's gift: 404 with no such order or no gift, 403 for another's order. */
  async function ownGiftRow(patron: Viewer, orderId: number) {
    const found = await findOrderWithGift(db, orderId);
    if (!found) throw new AppError('notFound', 'Order not found.');
    if (found.userId !== patron.id) throw new AppError('forbidden', 'This order is not yours to see.');
    if (!found.gift) throw new AppError('notFound', 'This order is not dedicated to anyone.');
    return { status: found.status, gift: found.gift };
  }

  async function tellOne(row: GiftOrderRow, today: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      // 20 random bytes: 160 bits, as unguessable as a session; 27 characters keep the SMS within one.
      const token = randomBytes(20).toString('base64url');
      // The gift as marked, not as listed: the patron may have changed or withdrawn it in between.
      const gift = await markGiftTold(tx, row.gift.orderId, today, linkHash(token));
      if (!gift) return false;
      if (gift.recipientEmail && dependencies.email)
        await enqueueJob(tx, 'send-gift-email', { orderId: gift.orderId, token });
      if (gift.recipientPhone && dependencies.sms) {
        const link = `${publicUrl}${dedicationPagePath(token)}`;
        const named = gift.showPatron && row.patronName.trim() !== '';
        const text = named
          ? noticeText(gift.recipientLanguage, 'gift', 'sms', {
              patron: row.patronName,
              puja: row.puja,
              url: link,
            })
          : noticeText(gift.recipientLanguage, 'gift', 'smsUnnamed', { puja: row.puja, url: link });
        await enqueueJob(tx, 'send-sms', { to: gift.recipientPhone, text });
      }
      return true;
    });
  }

  return {
    checkGift,

    async addGift(tx: Transaction, orderId: number, input: GiftInput): Promise<void> {
      const gift: Gift = giftInputSchema.parse(input);
      await insertGift(tx, {
        orderId,
        recipientName: gift.recipient_name,
        recipientEmail: gift.email ?? null,
        recipientPhone: gift.phone ?? null,
        recipientLanguage: gift.language,
        tellOn: gift.tell_on,
        message: gift.message ?? null,
        showPatron: gift.show_patron,
      });
    },

    /** The patron's own gift, with how its recipient is told, to edit it. */
    async ownGift(patron: Viewer, orderId: number): Promise<GiftDetails> {
      return toGiftDetails((await ownGiftRow(patron, orderId)).gift);
    },

    /**
     * The patron changes their gift (docs/decisions/059), given whole as the order form gives it. Until the
     * recipient is told, anything: the telling job reads the gift as it is when it tells (`markGiftTold`),
     * so a new address or day is what it uses. Once told, only what the recipient's page shows (their
     * name, the words, whether the patron's name shows): a change of how or when they are told is a 409,
     * since they were told already. A closed order's gift is not changed (nobody will be told of it).
     */
    async updateGift(patron: Viewer, orderId: number, input: GiftInput): Promise<GiftDetails> {
      const { status, gift: current } = await ownGiftRow(patron, orderId);
      const gift: Gift = giftInputSchema.parse(input);
      const told = current.toldAt !== null;
      const shown = {
        recipientName: gift.recipient_name,
        message: gift.message ?? null,
        showPatron: gift.show_patron,
      };
      const telling = {
        recipientEmail: gift.email ?? null,
        recipientPhone: gift.phone ?? null,
        recipientLanguage: gift.language,
        tellOn: gift.tell_on,
      };
      if (told) {
        const changed = (Object.keys(telling) as (keyof typeof telling)[]).some(
          (key) => telling[key] !== current[key],
        );
        if (changed) throw new AppError('conflict', GIFT_TOLD_MESSAGE);
      } else {
        if (CLOSED_STATUSES.has(status))
          throw new AppError('conflict', 'This order is closed: its gift can no longer change.');
        checkGift(input, 'tell_on');
      }
      const updated = await db.transaction((tx) =>
        updateGift(tx, orderId, !told, told ? shown : { ...shown, ...telling }),
      );
      // Told (or withdrawn) between reading and writing: say what now holds rather than half-apply.
      if (!updated) throw new AppError('conflict', GIFT_TOLD_MESSAGE);
      return toGiftDetails(updated);
    },

    /** The patron withdraws their gift before its recipient is told: nothing is sent, no link ever opens. */
    async withdrawGift(patron: Viewer, orderId: number): Promise<void> {
      const { gift: current } = await ownGiftRow(patron, orderId);
      if (current.toldAt !== null || !(await db.transaction((tx) => deleteUntoldGift(tx, orderId))))
        throw new AppError('conflict', 'They have been told already: the gift can no longer be withdrawn.');
    },

    /** The `tell-gift-recipients` job: every gift whose day has come and whose order is paid, told once. */
    async tellRecipients(now = new Date()): Promise<number> {
      const today = todayIn(businessTimeZone, now);
      let told = 0;
      let afterId = 0;
      for (;;) {
        const batch = await listGiftsToTell(db, today, afterId, BATCH);
        for (const row of batch) if (await tellOne(row, today)) told += 1;
        if (batch.length < BATCH) return told;
        afterId = batch.at(-1)!.gift.orderId;
      }
    },

    /** A dedication's page, by its link's token: 404 for any token not sent (or sent and replaced). */
    async dedication(token: string): Promise<Dedication> {
      const row = await findGiftOrderByLink(db, linkHash(token));
      if (!row) throw new AppError('notFound', 'This dedication was not found. Please check the link.');
      const performed = row.order.status === 'completed';
      const [{ names }, images] = await Promise.all([
        firstNamesOfOrder(db, row.order.id, PAGE_NAMES),
        performed ? listImagesOfOrder(db, row.order.id) : Promise.resolve([]),
      ]);
      return {
        recipient_name: row.gift.recipientName,
        from: row.gift.showPatron && row.patronName.trim() !== '' ? row.patronName : null,
        message: row.gift.message,
        puja: row.puja,
        monastery: row.monastery,
        date: row.order.pujaDate,
        time: row.order.pujaTime,
        names,
        quantity: row.order.quantity,
        unit: row.order.unitNames,
        status: performed
          ? 'performed'
          : ['declined', 'cancelled', 'expired'].includes(row.order.status)
            ? 'not_held'
            : 'to_come',
        photos: images.map((image) => ({ id: image.id, url: dependencies.imageUrl(image.id) })),
      };
    },
  };
}
export type GiftsService = ReturnType<typeof createGiftsService>;

/** A gift as its order shows it: no address or number of the recipient. */
export function toOrderGift(gift: GiftRow): OrderGift {
  return {
    recipient_name: gift.recipientName,
    tell_on: gift.tellOn,
    told_at: gift.toldAt?.toISOString() ?? null,
    message: gift.message,
    show_patron: gift.showPatron,
  };
}

/** The gift as its patron edits it: the order's view of it, with the recipient's contacts and language. */
function toGiftDetails(gift: GiftRow): GiftDetails {
  return {
    ...toOrderGift(gift),
    email: gift.recipientEmail,
    phone: gift.recipientPhone,
    language: gift.recipientLanguage,
  };
}
