import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { rupeesToPaisa } from '@puja/contract';
import { eq, sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { describe, expect, inject, it } from 'vitest';
import { runAdmin, withDatabase } from '../../test/global-setup.ts';
import {
  ledgerBalances,
  ledgerDifferences,
  postOrderCompleted,
  postPaymentReceived,
  postRefundPaid,
} from '../modules/ledger/ledger.service.ts';
import { newOrderNumber } from '../modules/orders/orders.service.ts';
import { connectDatabase, type Database, migrateDatabase, migrationsFolder } from './client.ts';
import { ledgerEntries, type monasteryPujas, type orders, paymentAttempts, refunds } from './schema/index.ts';

type OldOffering = Pick<typeof monasteryPujas.$inferSelect, 'id' | 'monasteryId' | 'costPaisa'>;

type OldOrderValues = Pick<
  Partial<typeof orders.$inferInsert>,
  'status' | 'paymentStatus' | 'paymentType' | 'beneficiary'
>;

/**
 * An order as a database from before a migration stored it. The schema's own insert names every column of
 * today's `orders`, some of which a later migration adds (`schedule_revision`, 0014), so this one names only
 * the columns the old database has.
 */
async function insertOldOrder(
  db: Database,
  offering: OldOffering,
  values: OldOrderValues & { userId: number },
): Promise<typeof orders.$inferSelect> {
  const order = {
    number: newOrderNumber(),
    monasteryPujaId: offering.id,
    monasteryId: offering.monasteryId,
    pujaDate: '2026-01-01',
    amountPaisa: offering.costPaisa,
    paymentType: 'esewa' as const,
    paymentStatus: 'Pending' as const,
    status: 'pending' as const,
    beneficiary: null,
    ...values,
  };
  const inserted = await db.execute<{ id: number }>(sql`
    INSERT INTO orders (number, user_id, monastery_puja_id, monastery_id, puja_date, amount_paisa,
      payment_type, payment_status, status, beneficiary)
    VALUES (${order.number}, ${order.userId}, ${order.monasteryPujaId}, ${order.monasteryId}, ${order.pujaDate},
      ${order.amountPaisa}, ${order.paymentType}, ${order.paymentStatus}, ${order.status}, ${order.beneficiary})
    RETURNING id`);
  return { ...order, id: inserted.rows[0]!.id } as typeof orders.$inferSelect;
}

/** A payment's columns of before refunds became rows of their own (0020): one refund per payment. */
interface OldPaymentValues {
  status?: 'Pending' | 'Completed' | 'Failed';
  completedAt?: Date;
  refundStatus?: 'due' | 'requested' | 'refunded';
  refundReason?: 'declined' | 'cancelled' | 'expired' | 'duplicate' | 'concern';
  refundDueAt?: Date;
  refundedAt?: Date;
}
/**
 * A payment try as a database from before the ledger stored it: by the columns it had then, as
 * `insertOldOrder` does (`refund_amount_paisa` came later, 0015).
 */
async function insertOldPaymentAttempt(
  db: Database,
  order: typeof orders.$inferSelect,
  values: OldPaymentValues,
): Promise<{ id: number }> {
  const status = values.status ?? (values.completedAt ? 'Completed' : 'Pending');
  const inserted = await db.execute<{ id: number }>(sql`
    INSERT INTO payment_attempts (order_id, provider, reference, amount_paisa, status, completed_at,
      refund_status, refund_reason, refund_due_at, refunded_at)
    VALUES (${order.id}, ${order.paymentType}, ${randomBytes(8).toString('hex')}, ${order.amountPaisa}, ${status},
      ${values.completedAt ?? null}, ${values.refundStatus ?? null}, ${values.refundReason ?? null},
      ${values.refundDueAt ?? null}, ${values.refundedAt ?? null})
    RETURNING id`);
  return { id: inserted.rows[0]!.id };
}

let nextOldPhone = 9_800_100_000;
/**
 * A patron as a database from before a migration stored them: by their columns of then, as
 * `insertOldOrder` does, since today's `users` has columns a later migration adds (`reminder_channel`, 0015).
 */
async function insertOldPerson(db: Database): Promise<{ id: number }> {
  nextOldPhone += 1;
  const inserted = await db.execute<{ id: number }>(
    sql`INSERT INTO users (phone, role) VALUES (${`+977${nextOldPhone}`}, 'user') RETURNING id`,
  );
  return { id: inserted.rows[0]!.id };
}

/**
 * A monastery, a puja and its offering as a database from before a migration stored them: by their columns of
 * then, since today's catalogue has columns later migrations add (`version`, `daily_capacity`, 0018).
 */
async function insertOldOffering(db: Database, slug: string, rupees: number): Promise<OldOffering> {
  const row = async (table: 'monasteries' | 'pujas') =>
    (
      await db.execute<{ id: number }>(
        sql`INSERT INTO ${sql.identifier(table)} (slug, name, description, image_path)
            VALUES (${slug}, ${slug}, ${`About ${slug}`}, ${`/uploads/${slug}.webp`}) RETURNING id`,
      )
    ).rows[0]!.id;
  const monasteryId = await row('monasteries');
  const pujaId = await row('pujas');
  const offering = await db.execute<{ id: number }>(
    sql`INSERT INTO monastery_pujas (monastery_id, puja_id, cost_paisa)
        VALUES (${monasteryId}, ${pujaId}, ${rupeesToPaisa(rupees)}) RETURNING id`,
  );
  return { id: offering.rows[0]!.id, monasteryId, costPaisa: rupeesToPaisa(rupees) };
}

describe('migrations', () => {
  it('run once when two instances start together on an empty database', async () => {
    const adminUrl = inject('adminDatabaseUrl');
    const name = `puja_migrate_${randomBytes(4).toString('hex')}`;
    await runAdmin(adminUrl, `CREATE DATABASE "${name}"`);
    const first = connectDatabase(withDatabase(adminUrl, name), 1);
    const second = connectDatabase(withDatabase(adminUrl, name), 1);
    try {
      await Promise.all([migrateDatabase(first), migrateDatabase(second)]);
      const applied = await first.db.execute<{ count: string }>(
        sql`SELECT count(*) FROM drizzle.__drizzle_migrations`,
      );
      expect(Number(applied.rows[0]!.count)).toBeGreaterThanOrEqual(3);
      const queue = await first.db.execute(sql`SELECT graphile_worker.add_job('send-sms', '{}'::json)`);
      expect(queue.rowCount).toBe(1);
    } finally {
      await first.close();
      await second.close();
      await runAdmin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });
});

describe('migration 0010, the ledger', () => {
  it('posts the books of the orders and payments already stored, with the keys the live code uses', async () => {
    const adminUrl = inject('adminDatabaseUrl');
    const name = `puja_ledger_${randomBytes(4).toString('hex')}`;
    await runAdmin(adminUrl, `CREATE DATABASE "${name}"`);
    const connection = connectDatabase(withDatabase(adminUrl, name), 2);
    const { db } = connection;
    // The migrations before the ledger: a copy of the folder whose journal stops at 0009.
    const before = await fs.mkdtemp(path.join(os.tmpdir(), 'puja-before-ledger-'));
    try {
      await fs.cp(migrationsFolder(), before, { recursive: true });
      const journalFile = path.join(before, 'meta', '_journal.json');
      const journal = JSON.parse(await fs.readFile(journalFile, 'utf8'));
      journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag < '0010');
      await fs.writeFile(journalFile, JSON.stringify(journal));
      await migrate(db, { migrationsFolder: before });

      const offering = await insertOldOffering(db, 'old-gompa', 1000.05); // 100005 paisa
      const patron = await insertOldPerson(db);
      const order = (values: OldOrderValues) =>
        insertOldOrder(db, offering, { userId: patron.id, ...values });
      const paid = new Date('2026-11-01T10:00:00Z');
      const later = new Date('2026-11-02T10:00:00Z');
      const received = { status: 'Completed' as const, completedAt: paid };

      const performed = await order({ status: 'completed', paymentStatus: 'Completed' });
      const performedPaymentId = (await insertOldPaymentAttempt(db, performed, received)).id;
      const waiting = await order({ paymentStatus: 'Completed', paymentType: 'khalti' });
      await insertOldPaymentAttempt(db, waiting, received);
      // Kept, then the patron cancelled, and it was refunded.
      const cancelled = await order({ status: 'cancelled', paymentStatus: 'Refunded' });
      const cancelledPaymentId = await insertOldPaymentAttempt(db, cancelled, {
        ...received,
        refundStatus: 'refunded',
        refundReason: 'cancelled',
        refundDueAt: later,
        refundedAt: later,
      });
      // Arrived after the decline: a refund due from the moment it was received.
      const declined = await order({ status: 'declined', paymentStatus: 'Refund due' });
      await insertOldPaymentAttempt(db, declined, {
        ...received,
        refundStatus: 'due',
        refundReason: 'declined',
        refundDueAt: paid,
      });
      // Paid twice: the second payment's Khalti refund asked for.
      const twice = await order({ status: 'approved', paymentStatus: 'Completed', paymentType: 'khalti' });
      await insertOldPaymentAttempt(db, twice, received);
      await insertOldPaymentAttempt(db, twice, {
        ...received,
        refundStatus: 'requested',
        refundReason: 'duplicate',
        refundDueAt: paid,
      });
      const unpaid = await order({});
      await insertOldPaymentAttempt(db, unpaid, { status: 'Failed' });

      await migrate(db, { migrationsFolder: migrationsFolder() });
      // Read back whole, as today's code sees them.
      const paymentOf = async (id: number) =>
        (await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)))[0]!;
      const performedPayment = await paymentOf(performedPaymentId);
      const cancelledPayment = await paymentOf(cancelledPaymentId.id);

      expect(await ledgerDifferences(db)).toEqual([]);
      const balances = await ledgerBalances(db);
      const balance = (account: string) =>
        balances.filter((row) => row.account === account).reduce((total, row) => total + row.balancePaisa, 0);
      expect(balances.find((row) => row.account === 'monastery_payable')).toMatchObject({
        monasteryId: offering.monasteryId,
        balancePaisa: -90_004,
      });
      expect(balance('platform_commission')).toBe(-10_001);
      expect(balance('held_for_orders')).toBe(-2 * 100_005); // waiting and twice
      expect(balance('refunds_payable')).toBe(-2 * 100_005); // declined and twice's second payment
      expect(balance('esewa_clearing')).toBe(2 * 100_005); // performed and declined; cancelled went back
      expect(balance('khalti_clearing')).toBe(3 * 100_005);
      // Six payments received; the cancelled one's refund due and then paid; one puja performed.
      const entries = await db.select().from(ledgerEntries);
      expect(entries.length).toBe(6 + 2 + 1);

      // The live code finds every event already posted.
      await db.transaction(async (tx) => {
        expect((await postPaymentReceived(tx, performedPayment)).posted).toBe(false);
        expect((await postOrderCompleted(tx, performed, performedPayment, 1000)).posted).toBe(false);
        const [cancelledRefund] = await tx
          .select()
          .from(refunds)
          .where(eq(refunds.paymentAttemptId, cancelledPayment.id));
        expect((await postRefundPaid(tx, cancelledPayment, cancelledRefund!)).posted).toBe(false);
      });
      expect(await db.$count(ledgerEntries)).toBe(entries.length);
    } finally {
      await connection.close();
      await fs.rm(before, { recursive: true, force: true });
      await runAdmin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });
});

describe('migration 0012, names as a list', () => {
  it('splits each order’s names once: lines, semicolons, and commas of lines without digits', async () => {
    const adminUrl = inject('adminDatabaseUrl');
    const name = `puja_names_${randomBytes(4).toString('hex')}`;
    await runAdmin(adminUrl, `CREATE DATABASE "${name}"`);
    const connection = connectDatabase(withDatabase(adminUrl, name), 2);
    const { db } = connection;
    const before = await fs.mkdtemp(path.join(os.tmpdir(), 'puja-before-names-'));
    try {
      await fs.cp(migrationsFolder(), before, { recursive: true });
      const journalFile = path.join(before, 'meta', '_journal.json');
      const journal = JSON.parse(await fs.readFile(journalFile, 'utf8'));
      journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag < '0012');
      await fs.writeFile(journalFile, JSON.stringify(journal));
      await migrate(db, { migrationsFolder: before });

      const offering = await insertOldOffering(db, 'names-gompa', 1000);
      const patron = await insertOldPerson(db);
      const samples: [string | null, string[]][] = [
        ['Tenzin Norbu', ['Tenzin Norbu']],
        ['Pema Dolma\nKarma Gyatso\r\n\r\n  Dawa Tsering  ', ['Pema Dolma', 'Karma Gyatso', 'Dawa Tsering']],
        ['Pema Dolma, Karma Gyatso; Dawa', ['Pema Dolma', 'Karma Gyatso', 'Dawa']],
        // A line with a digit keeps its comma: it says when, not who else.
        ['Ama Yangchen, 1942-2025\nLobsang, Sonam', ['Ama Yangchen, 1942-2025', 'Lobsang', 'Sonam']],
        ['राम बहादुर, सीता देवी', ['राम बहादुर', 'सीता देवी']],
        ['陳淑華、王小明，林美玲；張偉', ['陳淑華', '王小明', '林美玲', '張偉']],
        ['स्व. हरि प्रसाद, २०८१', ['स्व. हरि प्रसाद, २०८१']],
        ['  ,, ;\n ', []],
        ['', []],
        [null, []],
      ];
      const ids: number[] = [];
      for (const [text] of samples)
        ids.push((await insertOldOrder(db, offering, { userId: patron.id, beneficiary: text })).id);

      await migrate(db, { migrationsFolder: migrationsFolder() });

      const rows = await db.execute<{
        order_id: number;
        position: number;
        name: string;
        departed: boolean;
        note: string | null;
      }>(sql`SELECT order_id, position, name, departed, note FROM order_names ORDER BY order_id, position`);
      samples.forEach(([text, expected], index) => {
        const mine = rows.rows.filter((row) => row.order_id === ids[index]);
        expect(
          mine.map((row) => row.name),
          String(text),
        ).toEqual(expected);
        expect(mine.map((row) => row.position)).toEqual(expected.map((_, position) => position));
        expect(mine.every((row) => !row.departed && row.note === null)).toBe(true);
      });
      // The text stays as it was written.
      const kept = await db.execute<{ beneficiary: string | null }>(
        sql`SELECT beneficiary FROM orders WHERE id = ${ids[1]!}`,
      );
      expect(kept.rows[0]!.beneficiary).toBe(samples[1]![0]);
    } finally {
      await connection.close();
      await fs.rm(before, { recursive: true, force: true });
      await runAdmin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });
});

describe('migration 0020, refunds as rows', () => {
  it('makes each payment’s one refund a row, releases the payments refunded whole, and keeps a concern’s key', async () => {
    const adminUrl = inject('adminDatabaseUrl');
    const name = `puja_refunds_${randomBytes(4).toString('hex')}`;
    await runAdmin(adminUrl, `CREATE DATABASE "${name}"`);
    const connection = connectDatabase(withDatabase(adminUrl, name), 2);
    const { db } = connection;
    const before = await fs.mkdtemp(path.join(os.tmpdir(), 'puja-before-refunds-'));
    try {
      await fs.cp(migrationsFolder(), before, { recursive: true });
      const journalFile = path.join(before, 'meta', '_journal.json');
      const journal = JSON.parse(await fs.readFile(journalFile, 'utf8'));
      journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag < '0020');
      await fs.writeFile(journalFile, JSON.stringify(journal));
      await migrate(db, { migrationsFolder: before });

      const offering = await insertOldOffering(db, 'refund-gompa', 2500);
      const patron = await insertOldPerson(db);
      const paid = new Date('2026-11-01T10:00:00Z');
      const due = new Date('2026-11-02T10:00:00Z');
      const made = new Date('2026-11-03T10:00:00Z');
      // Declined after payment: all of it due, a Khalti refund asked for.
      const declined = await insertOldOrder(db, offering, { userId: patron.id, status: 'declined' });
      const whole = await db.execute<{ id: number }>(sql`
        INSERT INTO payment_attempts (order_id, provider, reference, amount_paisa, status, completed_at,
          refund_status, refund_reason, refund_due_at, refund_requested_at)
        VALUES (${declined.id}, 'khalti', 'old-whole', 250000, 'Completed', ${paid}, 'requested', 'declined',
          ${due}, ${made})
        RETURNING id`);
      // Performed, and a concern refunded Rs. 1,000 of it, made in eSewa's portal.
      const performed = await insertOldOrder(db, offering, { userId: patron.id, status: 'completed' });
      const part = await db.execute<{ id: number }>(sql`
        INSERT INTO payment_attempts (order_id, provider, reference, amount_paisa, status, completed_at,
          refund_status, refund_reason, refund_due_at, refunded_at, refund_reference, refund_amount_paisa)
        VALUES (${performed.id}, 'esewa', 'old-part', 250000, 'Completed', ${paid}, 'refunded', 'concern', ${due},
          ${made}, 'ESW-RF-7', 100000)
        RETURNING id`);
      const concern = await db.execute<{ id: number }>(sql`
        INSERT INTO order_concerns (order_id, raised_by, kind, message, status, resolved_at, resolved_by,
          refund_amount_paisa, refund_payment_id)
        VALUES (${performed.id}, ${patron.id}, 'name_missed', 'A name was missed.', 'refunded', ${due},
          ${patron.id}, 100000, ${part.rows[0]!.id})
        RETURNING id`);
      const wholeId = whole.rows[0]!.id;
      const partId = part.rows[0]!.id;

      await migrate(db, { migrationsFolder: migrationsFolder() });
      const rows = await db.select().from(refunds).orderBy(refunds.id);
      expect(rows).toMatchObject([
        {
          paymentAttemptId: wholeId,
          amountPaisa: 250000,
          reason: 'declined',
          state: 'requested',
          idempotencyKey: `release:${wholeId}`,
          dueAt: due,
          requestedAt: made,
        },
        {
          paymentAttemptId: partId,
          amountPaisa: 100000,
          reason: 'concern',
          state: 'refunded',
          idempotencyKey: `concern:${concern.rows[0]!.id}`,
          refundedAt: made,
          providerReference: 'ESW-RF-7',
        },
      ]);
      const payments = await db.select().from(paymentAttempts).orderBy(paymentAttempts.id);
      expect(payments.map((payment) => payment.releasedAt)).toEqual([due, null]);
      // The rest of the part-refunded payment may still be refunded; never more than was paid.
      await db.insert(refunds).values({
        paymentAttemptId: partId,
        amountPaisa: 150000,
        reason: 'concern',
        idempotencyKey: 'concern:later',
      });
      await expect(
        db.insert(refunds).values({
          paymentAttemptId: partId,
          amountPaisa: 1,
          reason: 'concern',
          idempotencyKey: 'concern:too-much',
          state: 'refunded',
          refundedAt: made,
        }),
      ).rejects.toThrow();
    } finally {
      await connection.close();
      await fs.rm(before, { recursive: true, force: true });
      await runAdmin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });
});
