import { createHash, randomBytes } from 'node:crypto';
import {
  addDays,
  type Dedication,
  dedicationPagePath,
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
import { firstNamesOfOrder, listImagesOfOrder } from '../orders/orders.shared-queries.ts';
import {
  findGiftOrderByLink,
  type GiftOrderRow,
  type GiftRow,
  insertGift,
  listGiftsToTell,
  markGiftTold,
} from './gifts.queries.ts';

/** Gifts told per transaction: a busy day is worked through in batches, each committed on its own. */
const BATCH = 100;
/** The most names a dedication's page lists (an order has at most PRAYER_NAMES_MAX). */
const PAGE_NAMES = 30;

type Gift = z.output<typeof giftInputSchema>;

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

  async function tellOne(row: GiftOrderRow): Promise<boolean> {
    return db.transaction(async (tx) => {
      // 20 random bytes: 160 bits, as unguessable as a session; 27 characters keep the SMS within one.
      const token = randomBytes(20).toString('base64url');
      if (!(await markGiftTold(tx, row.gift.orderId, linkHash(token)))) return false;
      const { gift } = row;
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
    /** The day a gift is told: a real day from today (Nepal) to a year ahead; 422 otherwise. */
    checkGift(gift: GiftInput): void {
      const today = todayIn(businessTimeZone);
      const day = gift.tell_on;
      const refuse = (message: string) =>
        new AppError('invalidInput', message, { 'gift.tell_on': [message] });
      if (!isCalendarDate(day)) throw refuse('Choose a valid date.');
      if (day < today) throw refuse('The date cannot be earlier than today.');
      if (day > addDays(today, LATEST_ORDER_DAYS)) throw refuse('Choose a date within the next year.');
    },

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

    /** The `tell-gift-recipients` job: every gift whose day has come and whose order is paid, told once. */
    async tellRecipients(now = new Date()): Promise<number> {
      const today = todayIn(businessTimeZone, now);
      let told = 0;
      let afterId = 0;
      for (;;) {
        const batch = await listGiftsToTell(db, today, afterId, BATCH);
        for (const row of batch) if (await tellOne(row)) told += 1;
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
