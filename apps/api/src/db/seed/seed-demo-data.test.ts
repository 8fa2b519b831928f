import fs from 'node:fs/promises';
import path from 'node:path';
import type { Order, OrderConversationResponse, StaffOrdersResponse } from '@puja/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signInByPhone } from '../../../test/session-helpers.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../../test/test-app.ts';
import { createLocalFileStorage, type FileStorage } from '../../integrations/storage/file-storage.ts';
import { ledgerDifferences } from '../../modules/ledger/ledger.service.ts';
import { monasteries, orderImages, users } from '../schema/index.ts';
import { PICTURE_HEIGHT, PICTURE_WIDTH } from './artwork.ts';
import { seedDemoData } from './seed-demo-data.ts';

let harness: TestApp;
let storage: FileStorage;
let seeded: boolean;
const DEMO_PATRON = '9800000003';
const DEMO_KOPAN_STAFF = '9800000002';

beforeAll(async () => {
  harness = await createTestApp();
  // The folders the app itself reads pictures and photos from.
  storage = createLocalFileStorage(path.join(harness.dataDirectory, 'uploads'));
  seeded = await seedDemoData(harness.database.db, storage);
});
afterAll(() => harness.close());

/** Every file under `directory`, as paths relative to it ([] when it does not exist). */
async function filesUnder(directory: string): Promise<string[]> {
  const entries = await fs.readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function patronOrders(token: string): Promise<Order[]> {
  const answer = await harness.app.inject({ url: '/api/order/create', headers: bearer(token) });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ orders: Order[] }>().orders;
}

async function conversation(token: string, orderId: number): Promise<OrderConversationResponse> {
  const answer = await harness.app.inject({ url: `/api/get-messages/${orderId}`, headers: bearer(token) });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

describe('demo seed', () => {
  it('fills an empty database with monasteries, pujas, prices, a special puja, pictures and the demo accounts', async () => {
    expect(seeded).toBe(true);
    const counts = await harness.database.db.execute<{
      monasteries: number;
      catalogue: number;
      special: number;
      offers: number;
      prices: number;
    }>(sql`
      SELECT (SELECT count(*)::int FROM monasteries) AS monasteries,
             (SELECT count(*)::int FROM pujas WHERE monastery_id IS NULL) AS catalogue,
             (SELECT count(*)::int FROM pujas WHERE monastery_id IS NOT NULL) AS special,
             (SELECT min(n)::int FROM (SELECT count(*) AS n FROM monastery_pujas GROUP BY monastery_id) per) AS offers,
             (SELECT count(DISTINCT cost_paisa)::int FROM monastery_pujas) AS prices`);
    const row = counts.rows[0]!;
    expect(row.monasteries).toBeGreaterThanOrEqual(6);
    expect(row.catalogue).toBeGreaterThanOrEqual(8);
    expect(row.special).toBe(1);
    expect(row.offers).toBeGreaterThanOrEqual(3);
    expect(row.prices).toBeGreaterThan(5);

    // Kopan and some of its pujas in Nepali and Chinese, for the demo and the e2e (docs/decisions/049).
    const kopan = (await harness.app.inject('/api/monastery/kopan-monastery/edit')).json().monastery;
    expect(kopan).toMatchObject({ name_ne: 'कोपन गुम्बा', name_zh_hant: '柯槃寺' });
    expect(kopan.description_ne).toMatch(/^काठमाडौं उपत्यकामा/);
    const names = kopan.pujas.map((puja: { name_ne: string | null }) => puja.name_ne);
    expect(names).toContain('हरित तारा पूजा');
    expect(names).toContain(null);

    const accounts = await harness.database.db
      .select({ phone: users.phone, role: users.role, monasteryId: users.monasteryId })
      .from(users);
    expect(accounts.map((account) => [account.phone, account.role]).sort()).toEqual([
      ['+9779800000001', 'admin'],
      ['+9779800000002', 'monastery'],
      ['+9779800000003', 'user'],
    ]);
    expect(accounts.find((account) => account.role === 'monastery')?.monasteryId).not.toBeNull();
  });

  it('gives each monastery and puja a WebP picture of its own, large enough to share', async () => {
    const directory = path.join(harness.dataDirectory, 'uploads', 'catalogue');
    const pictures = await fs.readdir(directory);
    const rows = await harness.database.db.execute<{ image_path: string }>(
      sql`SELECT image_path FROM monasteries UNION ALL SELECT image_path FROM pujas`,
    );
    expect(pictures).toHaveLength(rows.rows.length);
    expect(new Set(rows.rows.map((row) => row.image_path)).size).toBe(rows.rows.length);
    const hashes = new Set<string>();
    for (const picture of pictures) {
      const bytes = await fs.readFile(path.join(directory, picture));
      expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
      const { width = 0, height = 0 } = await sharp(bytes).metadata();
      expect(width).toBeGreaterThanOrEqual(PICTURE_WIDTH);
      expect(height).toBeGreaterThanOrEqual(PICTURE_HEIGHT);
      hashes.add(picture.replace(/^.*-([0-9a-f]{12})\.webp$/, '$1'));
    }
    expect(hashes.size).toBe(pictures.length);
  });

  it("gives the demo patron an order at Kopan in every state, each with what the patron's page shows", async () => {
    const { token } = await signInByPhone(harness, DEMO_PATRON);
    const mine = await patronOrders(token);
    expect(mine.every((order) => order.monastery_puja.monastery.name === 'Kopan Monastery')).toBe(true);
    const byState = (status: Order['status'], payment: Order['payment_status']) => {
      const found = mine.filter((order) => order.status === status && order.payment_status === payment);
      expect(found, `${status} with payment ${payment}`).toHaveLength(1);
      return found[0]!;
    };
    const awaitingPayment = byState('pending', 'Pending');
    const paid = byState('pending', 'Completed');
    const approved = byState('approved', 'Completed');
    const completed = byState('completed', 'Completed');
    const declined = byState('declined', 'Refund due');
    expect(mine).toHaveLength(5);

    // The money the patron sees: nothing for the unpaid order, one payment for each paid one.
    expect(awaitingPayment.payments).toEqual([]);
    expect(awaitingPayment.transaction_code).toBeNull();
    for (const order of [paid, approved, completed]) {
      expect(order.payments).toHaveLength(1);
      expect(order.payments[0]).toMatchObject({ status: 'Completed', amount: order.amount });
      expect(order.transaction_code).toBe(order.payments[0]!.transaction_code);
    }
    expect(declined.payments).toHaveLength(1);
    expect(declined.payments[0]).toMatchObject({ status: 'Refund due', amount: declined.amount });

    // The approved order: the monastery wrote, and the patron (the order's own user) answered once.
    const talk = await conversation(token, approved.id);
    expect(talk.messages.filter((message) => message.from === 'monastery').length).toBeGreaterThanOrEqual(1);
    expect(talk.messages.filter((message) => message.from === 'patron')).toHaveLength(1);
    const times = talk.messages.map((message) => message.created_at);
    expect(times).toEqual([...times].sort());

    // The completed order: two or three photos, served through their signed links from private storage.
    const done = await conversation(token, completed.id);
    expect(done.images.length).toBeGreaterThanOrEqual(2);
    expect(done.images.length).toBeLessThanOrEqual(3);
    for (const image of done.images) {
      const served = await harness.app.inject({ url: image.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }
    const stored = await harness.database.db
      .select()
      .from(orderImages)
      .where(eq(orderImages.orderId, completed.id));
    const staffMember = (
      await harness.database.db.select().from(users).where(eq(users.role, 'monastery'))
    )[0]!;
    const privateFiles = await filesUnder(path.join(harness.dataDirectory, 'private'));
    for (const row of stored) {
      expect(row.storageKey).toMatch(new RegExp(`^order-images/${completed.id}/[0-9a-f]{32}\\.webp$`));
      expect(row.uploadedBy).toBe(staffMember.id);
      expect(row.contentType).toBe('image/webp');
      expect(privateFiles).toContain(row.storageKey);
      const { width, height } = await sharp(
        await fs.readFile(path.join(harness.dataDirectory, 'private', row.storageKey)),
      ).metadata();
      expect([width, height]).toEqual([row.width, row.height]);
    }
    // Never among the public pictures.
    expect(await filesUnder(path.join(harness.dataDirectory, 'uploads', 'order-images'))).toEqual([]);

    // Kopan's staff find the paid order to act on, the unpaid one apart, and the approved one.
    const staff = await signInByPhone(harness, DEMO_KOPAN_STAFF);
    const desk = (
      await harness.app.inject({ url: '/api/order', headers: bearer(staff.token) })
    ).json<StaffOrdersResponse>();
    expect(desk.pendingOrders.map((order) => order.id)).toEqual([paid.id]);
    expect(desk.awaitingPaymentOrders.map((order) => order.id)).toEqual([awaitingPayment.id]);
    expect(desk.approvedOrders.map((order) => order.id)).toEqual([approved.id]);
  });

  it('keeps the money rules: one Completed attempt per paid order, a declined one refund due, statuses as the payments say', async () => {
    const result = await harness.database.db.execute<{
      status: string;
      payment_status: string;
      amount_paisa: number;
      transaction_code: string | null;
      received: number;
      kept: number;
      refunds_due: number;
      declined_refunds: number;
      attempts_of_other_amounts: number;
      codes_match: boolean;
      expected_payment_status: string;
    }>(sql`
      SELECT o.status, o.payment_status, o.amount_paisa, o.transaction_code,
        (SELECT count(*)::int FROM payment_attempts p WHERE p.order_id = o.id AND p.status = 'Completed') AS received,
        (SELECT count(*)::int FROM payment_attempts p WHERE p.order_id = o.id AND p.status = 'Completed'
           AND p.released_at IS NULL) AS kept,
        (SELECT count(*)::int FROM payment_attempts p JOIN refunds r ON r.payment_attempt_id = p.id
           WHERE p.order_id = o.id AND r.state = 'due') AS refunds_due,
        (SELECT count(*)::int FROM payment_attempts p JOIN refunds r ON r.payment_attempt_id = p.id
           WHERE p.order_id = o.id AND r.reason = 'declined') AS declined_refunds,
        (SELECT count(*)::int FROM payment_attempts p WHERE p.order_id = o.id AND p.amount_paisa <> o.amount_paisa) AS attempts_of_other_amounts,
        COALESCE((SELECT bool_and(p.provider = o.payment_type AND p.provider_transaction_code = o.transaction_code)
           FROM payment_attempts p WHERE p.order_id = o.id), true) AS codes_match,
        CASE
          WHEN EXISTS (SELECT 1 FROM payment_attempts p WHERE p.order_id = o.id
                         AND p.status = 'Completed' AND p.released_at IS NULL) THEN 'Completed'
          WHEN EXISTS (SELECT 1 FROM payment_attempts p JOIN refunds r ON r.payment_attempt_id = p.id
                         WHERE p.order_id = o.id AND r.state IN ('due', 'requested')) THEN 'Refund due'
          WHEN EXISTS (SELECT 1 FROM payment_attempts p JOIN refunds r ON r.payment_attempt_id = p.id
                         WHERE p.order_id = o.id AND r.state = 'refunded') THEN 'Refunded'
          ELSE 'Pending' END AS expected_payment_status
      FROM orders o JOIN users u ON u.id = o.user_id
      WHERE u.phone = '+9779800000003'`);
    const rows = result.rows;
    expect(rows.map((row) => row.status).sort()).toEqual([
      'approved',
      'completed',
      'declined',
      'pending',
      'pending',
    ]);
    for (const row of rows) {
      expect(row.payment_status).toBe(row.expected_payment_status);
      expect(row.attempts_of_other_amounts).toBe(0);
      expect(row.codes_match).toBe(true);
      if (row.status === 'declined') {
        expect([row.received, row.kept, row.refunds_due, row.declined_refunds]).toEqual([1, 0, 1, 1]);
      } else if (row.payment_status === 'Pending') {
        expect([row.received, row.transaction_code]).toEqual([0, null]);
      } else {
        expect([row.received, row.kept, row.refunds_due]).toEqual([1, 1, 0]);
      }
    }
    // Approving, declining and completing were staff actions, and the audit log has them.
    const audited = await harness.database.db.execute<{ action: string }>(
      sql`SELECT DISTINCT action FROM audit_entries WHERE subject_type = 'order' ORDER BY action`,
    );
    expect(audited.rows.map((row) => row.action)).toEqual(['approve', 'complete', 'decline', 'message']);
    // The ledger has the demo's money too, in agreement with its payments (docs/decisions/031).
    const { db } = harness.database;
    expect(await ledgerDifferences(db)).toEqual([]);
    const entries = await db.execute<{ kind: string }>(
      sql`SELECT DISTINCT kind FROM ledger_entries ORDER BY kind`,
    );
    expect(entries.rows.map((row) => row.kind)).toEqual([
      'order_completed',
      'payment_received',
      'refund_due',
    ]);
  });

  it('adds nothing when it runs again, as on every restart', async () => {
    const tables = [
      'users',
      'monasteries',
      'pujas',
      'monastery_pujas',
      'orders',
      'payment_attempts',
      'messages',
      'order_images',
      'audit_entries',
    ];
    const count = async () =>
      Object.fromEntries(
        await Promise.all(
          tables.map(async (table) => {
            const answer = await harness.database.db.execute<{ n: number }>(
              sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
            );
            return [table, answer.rows[0]!.n] as const;
          }),
        ),
      );
    const before = await count();
    const filesBefore = await filesUnder(harness.dataDirectory);
    expect(await seedDemoData(harness.database.db, storage)).toBe(false);
    expect(await count()).toEqual(before);
    expect(await filesUnder(harness.dataDirectory)).toEqual(filesBefore);
  });

  it('never seeds into a database that already has data', async () => {
    const database = await createTestDatabase();
    try {
      await database.db.insert(users).values({ phone: '+9779811111111', role: 'user' });
      expect(await seedDemoData(database.db, storage)).toBe(false);
      expect(await database.db.$count(monasteries)).toBe(0);
      expect(await database.db.$count(users)).toBe(1);
    } finally {
      await database.drop();
    }
  });
});
