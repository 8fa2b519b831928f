import type { setPayoutDetailsRequestSchema } from '@puja/contract';
import {
  ADMIN_PAYOUTS_PAGE_SIZE,
  addDays,
  COMMISSION_HISTORY_LIMIT,
  type CommissionRate,
  type CommissionRatesResponse,
  type CurrentCommission,
  type MonasteryOwed,
  PAYOUT_DETAILS_HISTORY_LIMIT,
  PAYOUT_RUNS_PAGE_SIZE,
  type Payout,
  type PayoutDetails,
  type PayoutDetailsResponse,
  type PayoutHoldReason,
  type PayoutResponse,
  type PayoutRun,
  type PayoutRunResponse,
  type PayoutRunsResponse,
  type PayoutsOverviewResponse,
  paisaToRupees,
  type StartPayoutRunResponse,
  todayIn,
} from '@puja/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { toCsv } from '../../lib/csv.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { postPayoutFailed, postPayoutPaid, postPayoutStarted } from '../ledger/ledger.service.ts';
import { ordersHeldFromPayout } from './payout-holds.ts';
import { isPayoutDay, lastPayoutDay, nextPayoutDay, parsePayoutSchedule } from './payout-schedule.ts';
import {
  closeRunIfSettled,
  findMonastery,
  findPayout,
  findRateInForce,
  findRun,
  findRunOnOrAfter,
  findRunSummary,
  findUpcomingRate,
  insertCommissionRate,
  insertPayout,
  insertPayoutDetails,
  insertRun,
  lockPayout,
  lockPayoutRuns,
  type MonasteryMoneyRow,
  type PayoutDetailsRow,
  type RunSummaryRow,
  selectCommissionRates,
  selectMonasteryMoney,
  selectPayoutDetails,
  selectRunPayouts,
  selectRuns,
  selectRunTransfers,
  updatePayout,
} from './payouts.queries.ts';

/**
 * Commission per monastery, payout details and payouts (docs/decisions/033). What a monastery is owed is
 * its payable balance in the ledger (decision 031); a run freezes what is due now into payouts in
 * transit, each transfer's outcome moves it on, and every change of money posts its entry in the same
 * transaction.
 */
export interface PayoutsServiceDependencies {
  db: Database;
  businessTimeZone: string;
  /** COMMISSION_BASIS_POINTS: the rate of a monastery with none of its own in force. */
  defaultCommissionBasisPoints: number;
  /** PAYOUT_SCHEDULE, PAYOUT_MINIMUM_PAISA, PAYOUT_HOLD_DAYS_AFTER_DETAILS_CHANGE. */
  schedule: string;
  minimumPaisa: number;
  holdDaysAfterDetailsChange: number;
  log: { info: (object: object, message: string) => void };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `••••6789`: enough to tell accounts apart, never enough to use one. */
export function maskAccount(account: string): string {
  return `••••${account.slice(-4)}`;
}

/** Rupees with two decimals and no grouping, as banks' bulk-transfer files take them. */
const rupeesForTransfer = (paisa: number) =>
  `${Math.trunc(paisa / 100)}.${String(paisa % 100).padStart(2, '0')}`;

/** The transfer's narration: what the monastery's statement shows, and what the reference is recorded against. */
export const payoutNarration = (payoutId: number) => `PAYOUT-${payoutId}`;

const TRANSFER_COLUMNS = [
  'monastery',
  'method',
  'account_holder',
  'bank',
  'branch',
  'account',
  'amount_npr',
  'narration',
  'run_date',
];

export function createPayoutsService(dependencies: PayoutsServiceDependencies) {
  const { db, businessTimeZone: zone } = dependencies;
  const schedule = parsePayoutSchedule(dependencies.schedule);
  const today = () => todayIn(zone);

  async function monasteryOrNotFound(monasteryId: number) {
    const monastery = await findMonastery(db, monasteryId);
    if (!monastery) throw new AppError('notFound', 'Monastery not found.');
    return monastery;
  }

  // ---- Commission ----

  async function currentCommission(executor: Executor, monasteryId: number): Promise<CurrentCommission> {
    const own = await findRateInForce(executor, monasteryId, today());
    return own
      ? { basis_points: own.basisPoints, effective_from: own.effectiveFrom, is_default: false }
      : {
          basis_points: dependencies.defaultCommissionBasisPoints,
          effective_from: null,
          is_default: true,
        };
  }

  const toRate = (row: Awaited<ReturnType<typeof selectCommissionRates>>[number]): CommissionRate => ({
    id: row.id,
    basis_points: row.basisPoints,
    effective_from: row.effectiveFrom,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
  });

  async function commissionRates(monasteryId: number): Promise<CommissionRatesResponse> {
    await monasteryOrNotFound(monasteryId);
    const upcoming = await findUpcomingRate(db, monasteryId, today());
    return {
      current: await currentCommission(db, monasteryId),
      upcoming: upcoming ? toRate(upcoming) : null,
      default_basis_points: dependencies.defaultCommissionBasisPoints,
      rates: (await selectCommissionRates(db, monasteryId, COMMISSION_HISTORY_LIMIT)).map(toRate),
    };
  }

  /** A new rate from a day on; history is never rewritten, so the day may not be in the past. */
  async function setCommissionRate(
    admin: Viewer,
    monasteryId: number,
    rate: { basis_points: number; effective_from: string },
  ): Promise<CommissionRatesResponse> {
    await monasteryOrNotFound(monasteryId);
    if (rate.effective_from < today())
      throw new AppError('invalidInput', 'A new rate takes effect today or later.', {
        effective_from: ['A new rate takes effect today or later.'],
      });
    await db.transaction(async (tx) => {
      const before = await findRateInForce(tx, monasteryId, rate.effective_from);
      const row = await insertCommissionRate(tx, {
        monasteryId,
        basisPoints: rate.basis_points,
        effectiveFrom: rate.effective_from,
        createdBy: admin.id,
      });
      await recordAudit(tx, {
        actor: admin,
        action: 'set-commission-rate',
        subject: 'monastery',
        subjectId: monasteryId,
        before: { basis_points: before?.basisPoints ?? dependencies.defaultCommissionBasisPoints },
        after: { basis_points: row.basisPoints, effective_from: row.effectiveFrom },
      });
    });
    return commissionRates(monasteryId);
  }

  /** The staff's read of their own monastery's rate (their Earnings screen). */
  async function ownCommission(staff: Viewer) {
    if (staff.role !== 'monastery' || staff.monastery_id === null)
      throw new AppError('forbidden', 'Only a monastery’s staff can see its commission.');
    const upcoming = await findUpcomingRate(db, staff.monastery_id, today());
    return {
      current: await currentCommission(db, staff.monastery_id),
      upcoming: upcoming
        ? { basis_points: upcoming.basisPoints, effective_from: upcoming.effectiveFrom }
        : null,
    };
  }

  // ---- Payout details ----

  const toDetails = (row: PayoutDetailsRow, createdBy: string, whole: boolean): PayoutDetails => ({
    id: row.id,
    method: row.method,
    account_holder: row.accountHolder,
    bank_name: row.bankName,
    branch: row.branch,
    account: whole ? row.accountNumber : maskAccount(row.accountNumber),
    created_at: row.createdAt.toISOString(),
    created_by: createdBy,
  });

  /** When a change of details stops holding payouts; null for a first entry or a hold that ended. */
  function holdUntil(setAt: Date | null, changed: boolean, now = new Date()): Date | null {
    if (!setAt || !changed) return null;
    const until = new Date(setAt.getTime() + dependencies.holdDaysAfterDetailsChange * DAY_MS);
    return until > now ? until : null;
  }

  async function payoutDetails(monasteryId: number): Promise<PayoutDetailsResponse> {
    await monasteryOrNotFound(monasteryId);
    const rows = await selectPayoutDetails(db, monasteryId, PAYOUT_DETAILS_HISTORY_LIMIT + 1);
    const [current, ...history] = rows;
    const until = current ? holdUntil(current.details.createdAt, history.length > 0) : null;
    return {
      current: current ? toDetails(current.details, current.createdBy, true) : null,
      hold_until: until?.toISOString() ?? null,
      history: history.map((row) => toDetails(row.details, row.createdBy, false)),
    };
  }

  async function setPayoutDetails(
    admin: Viewer,
    monasteryId: number,
    details: z.output<typeof setPayoutDetailsRequestSchema>,
  ): Promise<PayoutDetailsResponse> {
    await monasteryOrNotFound(monasteryId);
    await db.transaction(async (tx) => {
      const [previous] = await selectPayoutDetails(tx, monasteryId, 1);
      const row = await insertPayoutDetails(tx, {
        monasteryId,
        method: details.method,
        accountHolder: details.account_holder,
        bankName: details.bank_name ?? null,
        branch: details.branch ?? null,
        accountNumber: details.account,
        createdBy: admin.id,
      });
      // Account numbers are masked here too: the audit log is read more widely than this screen.
      const audited = (value: PayoutDetailsRow) => ({
        method: value.method,
        account_holder: value.accountHolder,
        bank_name: value.bankName,
        branch: value.branch,
        account: maskAccount(value.accountNumber),
      });
      await recordAudit(tx, {
        actor: admin,
        action: 'set-payout-details',
        subject: 'monastery',
        subjectId: monasteryId,
        before: previous ? audited(previous.details) : null,
        after: audited(row),
      });
    });
    return payoutDetails(monasteryId);
  }

  // ---- What is owed ----

  interface Owed {
    row: MonasteryMoneyRow;
    heldPaisa: number;
    duePaisa: number;
    holdReason: PayoutHoldReason | null;
    holdUntil: Date | null;
  }

  /** Due now = the payable balance less what open concerns hold; paid only when nothing else holds it. */
  async function owedOf(executor: Executor, row: MonasteryMoneyRow, now = new Date()): Promise<Owed> {
    const held = await ordersHeldFromPayout(executor, row.monasteryId);
    const heldPaisa = held.reduce((total, order) => total + order.heldPaisa, 0);
    const duePaisa = row.balancePaisa - heldPaisa;
    const until = holdUntil(row.detailsSetAt, row.detailsChanged, now);
    const holdReason: PayoutHoldReason | null =
      duePaisa <= 0
        ? 'nothing_due'
        : row.detailsId === null
          ? 'no_details'
          : until
            ? 'details_changed'
            : duePaisa < dependencies.minimumPaisa
              ? 'below_minimum'
              : null;
    return {
      row,
      heldPaisa,
      duePaisa,
      holdReason,
      holdUntil: holdReason === 'details_changed' ? until : null,
    };
  }

  const toOwed = (owed: Owed): MonasteryOwed => ({
    monastery: { id: owed.row.monasteryId, name: owed.row.name },
    earned: paisaToRupees(owed.row.earnedPaisa),
    clawed_back: paisaToRupees(owed.row.clawedBackPaisa),
    paid_out: paisaToRupees(owed.row.paidOutPaisa),
    in_transit: paisaToRupees(owed.row.inTransitPaisa),
    balance: paisaToRupees(owed.row.balancePaisa),
    held: paisaToRupees(owed.heldPaisa),
    due_now: paisaToRupees(owed.duePaisa),
    hold_reason: owed.holdReason,
    hold_until: owed.holdUntil?.toISOString() ?? null,
    payout_method: owed.row.method,
    commission_basis_points: owed.row.basisPoints ?? dependencies.defaultCommissionBasisPoints,
  });

  /** Every monastery's money (they are few: bounded all the same), for a run and its totals. */
  async function allOwed(executor: Executor): Promise<Owed[]> {
    const { rows } = await selectMonasteryMoney(executor, { day: today(), limit: 10_000, offset: 0 });
    return Promise.all(rows.map((row) => owedOf(executor, row)));
  }

  async function overview(page: number): Promise<PayoutsOverviewResponse> {
    const { rows, total } = await selectMonasteryMoney(db, {
      day: today(),
      limit: ADMIN_PAYOUTS_PAGE_SIZE,
      offset: (page - 1) * ADMIN_PAYOUTS_PAGE_SIZE,
    });
    const payable = (await allOwed(db)).filter((owed) => owed.holdReason === null);
    const ranToday = (await findRunOnOrAfter(db, today())) !== undefined;
    return {
      monasteries: (await Promise.all(rows.map((row) => owedOf(db, row)))).map(toOwed),
      page,
      pageSize: ADMIN_PAYOUTS_PAGE_SIZE,
      total,
      next_run: {
        monasteries: payable.length,
        amount: paisaToRupees(payable.reduce((sum, owed) => sum + owed.duePaisa, 0)),
      },
      next_payout_on: nextPayoutDay(ranToday ? addDays(today(), 1) : today(), schedule),
      ran_today: ranToday,
      schedule: dependencies.schedule,
      minimum: paisaToRupees(dependencies.minimumPaisa),
    };
  }

  // ---- Runs ----

  const toRun = (summary: RunSummaryRow): PayoutRun => ({
    id: summary.run.id,
    run_on: summary.run.runOn,
    trigger: summary.run.trigger,
    status: summary.run.status,
    created_at: summary.run.createdAt.toISOString(),
    created_by: summary.createdBy,
    payouts: summary.payouts,
    amount: paisaToRupees(summary.amountPaisa),
    in_transit: summary.inTransit,
    paid: summary.paid,
    failed: summary.failed,
  });

  const toPayout = (row: NonNullable<Awaited<ReturnType<typeof findPayout>>>): Payout => ({
    id: row.payout.id,
    run_id: row.payout.runId,
    run_on: row.runOn,
    monastery: { id: row.payout.monasteryId, name: row.monastery },
    amount: paisaToRupees(row.payout.amountPaisa),
    status: row.payout.status,
    method: row.payout.method,
    account: row.payout.accountMasked,
    reference: row.payout.reference,
    paid_on: row.payout.paidOn,
    failure_reason: row.payout.failureReason,
    created_at: row.payout.createdAt.toISOString(),
    updated_at: row.payout.updatedAt.toISOString(),
  });

  async function runWithPayouts(runId: number): Promise<PayoutRunResponse> {
    const summary = await findRunSummary(db, runId);
    if (!summary) throw new AppError('notFound', 'Payout run not found.');
    return { run: toRun(summary), payouts: (await selectRunPayouts(db, runId)).map(toPayout) };
  }

  async function runs(page: number): Promise<PayoutRunsResponse> {
    const { rows, total } = await selectRuns(db, PAYOUT_RUNS_PAGE_SIZE, (page - 1) * PAYOUT_RUNS_PAGE_SIZE);
    return { runs: rows.map(toRun), page, pageSize: PAYOUT_RUNS_PAGE_SIZE, total };
  }

  /**
   * Makes a run of today, under a lock, so two runs never pay the same balance. The schedule makes one a
   * day, recorded even when it pays nothing so the day counts as run. An administrator's run needs
   * something to pay: a monastery that became payable after the day's run (details entered, a failed
   * transfer returned) is paid by another run the same day (docs/decisions/042), while a second click or
   * a second instance, with nothing left to pay, finds the day's run. Answers the run and whether this
   * call made it.
   */
  async function makeRun(
    trigger: { by: Viewer } | { schedule: true },
  ): Promise<{ runId: number; created: boolean } | undefined> {
    const day = today();
    return db.transaction(async (tx) => {
      await lockPayoutRuns(tx);
      const existing = await findRunOnOrAfter(tx, day);
      if (existing && 'schedule' in trigger) return { runId: existing.id, created: false };
      const payable = (await allOwed(tx)).filter((owed) => owed.holdReason === null);
      if (payable.length === 0 && 'by' in trigger)
        return existing ? { runId: existing.id, created: false } : undefined;
      const run = await insertRun(tx, {
        runOn: day,
        trigger: 'by' in trigger ? 'admin' : 'schedule',
        createdBy: 'by' in trigger ? trigger.by.id : null,
        status: payable.length === 0 ? 'closed' : 'open',
      });
      for (const owed of payable) {
        const payout = await insertPayout(tx, {
          runId: run.id,
          monasteryId: owed.row.monasteryId,
          amountPaisa: owed.duePaisa,
          payoutDetailsId: owed.row.detailsId!,
          method: owed.row.method!,
          accountMasked: maskAccount(owed.row.account!),
        });
        await postPayoutStarted(tx, payout);
      }
      if ('by' in trigger)
        await recordAudit(tx, {
          actor: trigger.by,
          action: 'run-payouts',
          subject: 'payout_run',
          subjectId: run.id,
          before: null,
          after: {
            run_on: day,
            payouts: payable.length,
            amount: paisaToRupees(payable.reduce((sum, owed) => sum + owed.duePaisa, 0)),
          },
        });
      return { runId: run.id, created: true };
    });
  }

  async function startRun(admin: Viewer): Promise<StartPayoutRunResponse> {
    const made = await makeRun({ by: admin });
    if (!made) throw new AppError('conflict', 'No monastery is due a payout now.');
    return {
      ...(await runWithPayouts(made.runId)),
      created: made.created,
      message: made.created ? 'Payout run started.' : 'Today’s payout run was already made.',
    };
  }

  /**
   * The scheduled job: on a payout day, or on the first day it runs after one that had no run (the
   * server was down), it makes the run. A day that already has a run is left alone.
   */
  async function runOnSchedule(): Promise<void> {
    const due = isPayoutDay(today(), schedule) ? today() : lastPayoutDay(today(), schedule);
    if (await findRunOnOrAfter(db, due)) return;
    const made = await makeRun({ schedule: true });
    if (made?.created) dependencies.log.info({ run: made.runId }, 'scheduled payout run made');
  }

  // ---- Transfers ----

  async function payoutOrNotFound(payoutId: number) {
    const row = await findPayout(db, payoutId);
    if (!row) throw new AppError('notFound', 'Payout not found.');
    return row;
  }

  /** The transfer was made: its reference and day are recorded and the money leaves the books. */
  async function recordTransfer(
    admin: Viewer,
    payoutId: number,
    transfer: { reference: string; paid_on: string },
  ): Promise<PayoutResponse> {
    const found = await payoutOrNotFound(payoutId);
    if (transfer.paid_on > today() || transfer.paid_on < found.runOn)
      throw new AppError('invalidInput', 'The transfer’s day is between the run’s day and today.', {
        paid_on: ['The transfer’s day is between the run’s day and today.'],
      });
    const changed = await db.transaction(async (tx) => {
      const payout = (await lockPayout(tx, payoutId))!;
      if (
        payout.status === 'paid' &&
        payout.reference === transfer.reference &&
        payout.paidOn === transfer.paid_on
      )
        return false;
      if (payout.status !== 'in_transit')
        throw new AppError('conflict', 'This payout’s transfer was already recorded or marked failed.');
      await updatePayout(tx, payoutId, {
        status: 'paid',
        reference: transfer.reference,
        paidOn: transfer.paid_on,
      });
      await postPayoutPaid(tx, payout);
      await closeRunIfSettled(tx, payout.runId);
      await recordAudit(tx, {
        actor: admin,
        action: 'record-transfer',
        subject: 'payout',
        subjectId: payoutId,
        before: { status: 'in_transit' },
        after: { status: 'paid', reference: transfer.reference, paid_on: transfer.paid_on },
      });
      return true;
    });
    return {
      payout: toPayout((await findPayout(db, payoutId))!),
      message: changed ? 'Transfer recorded.' : 'This transfer was already recorded.',
    };
  }

  /** The transfer failed: the money returns to the monastery's balance, for the next run. */
  async function failTransfer(admin: Viewer, payoutId: number, reason: string): Promise<PayoutResponse> {
    await payoutOrNotFound(payoutId);
    const changed = await db.transaction(async (tx) => {
      const payout = (await lockPayout(tx, payoutId))!;
      if (payout.status === 'failed') return false;
      if (payout.status !== 'in_transit')
        throw new AppError('conflict', 'This payout’s transfer was already recorded or marked failed.');
      await updatePayout(tx, payoutId, { status: 'failed', failureReason: reason });
      await postPayoutFailed(tx, payout);
      await closeRunIfSettled(tx, payout.runId);
      await recordAudit(tx, {
        actor: admin,
        action: 'fail-transfer',
        subject: 'payout',
        subjectId: payoutId,
        before: { status: 'in_transit' },
        after: { status: 'failed', failure_reason: reason },
      });
      return true;
    });
    return {
      payout: toPayout((await findPayout(db, payoutId))!),
      message: changed
        ? 'Transfer marked failed: the money is back in the balance.'
        : 'This transfer was already marked failed.',
    };
  }

  /**
   * The bank-transfer file of a run (RFC 4180, UTF-8 with a byte order mark so spreadsheets read Nepali
   * names right): one row per payout still in transit, with the whole account it goes to.
   */
  async function transfersCsv(runId: number): Promise<{ filename: string; csv: string }> {
    const run = await findRun(db, runId);
    if (!run) throw new AppError('notFound', 'Payout run not found.');
    const rows = await selectRunTransfers(db, runId);
    const csv = toCsv(
      TRANSFER_COLUMNS,
      rows.map((row) => [
        row.monastery,
        row.details.method,
        row.details.accountHolder,
        row.details.bankName,
        row.details.branch,
        row.details.accountNumber,
        rupeesForTransfer(row.amountPaisa),
        payoutNarration(row.payoutId),
        row.runOn,
      ]),
    );
    return { filename: `payout-run-${run.id}-${run.runOn}.csv`, csv: `\uFEFF${csv}` };
  }

  return {
    commissionRates,
    setCommissionRate,
    ownCommission,
    payoutDetails,
    setPayoutDetails,
    overview,
    runs,
    runWithPayouts,
    startRun,
    runOnSchedule,
    recordTransfer,
    failTransfer,
    transfersCsv,
  };
}
export type PayoutsService = ReturnType<typeof createPayoutsService>;
