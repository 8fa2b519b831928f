import {
  currencyUnitsDigits,
  EARNINGS_PAYOUTS_PAGE_SIZE,
  type EarningsPayoutsResponse,
  type EarningsSummary,
  formatCurrencyUnits,
  type Language,
  paisaToRupees,
  STATEMENT_ORDER_LINE_KINDS,
  type Statement,
  type StatementLine,
  type StatementLineKind,
  todayIn,
} from '@puja/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type CsvCell, toCsv } from '../../lib/csv.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { cardMoneyOf } from '../payments/payment-record.ts';
import {
  countMonasteryPayouts,
  findMonasteryName,
  type StatementLineRow,
  selectHeldForMonastery,
  selectMonasteryBalance,
  selectMonasteryPayouts,
  selectStatementLines,
} from './earnings.queries.ts';
import { renderStatementPdf } from './statement-pdf.ts';
import { STATEMENT_WORDS } from './statement-words.ts';

/** A statement lists at most this many lines (a month of one monastery is a few hundred). */
const STATEMENT_LINE_LIMIT = 5000;

/**
 * A monastery's earnings and monthly statements (docs/decisions/034), all from the ledger's postings on
 * the monastery's accounts. Staff read only their own monastery's; administrators any monastery's.
 */
export function createEarningsService(dependencies: {
  db: Database;
  businessTimeZone: string;
  /** The commission rate in force for a monastery today (basis points). */
  commissionRateOf: (monasteryId: number) => Promise<number>;
  now?: () => Date;
}) {
  const { db, businessTimeZone: timeZone } = dependencies;
  const now = dependencies.now ?? (() => new Date());

  /** The monastery asked for, if the viewer may read its money: staff their own, admins any. */
  async function readableMonastery(viewer: Viewer, monasteryId: number) {
    if (viewer.role !== 'admin' && viewer.monastery_id !== monasteryId)
      throw new AppError('forbidden', 'Staff see only their own monastery’s earnings.');
    const monastery = await findMonasteryName(db, monasteryId);
    if (!monastery) throw new AppError('notFound', 'Monastery not found.');
    return monastery;
  }

  /** The first day of a `YYYY-MM` month, and of the month after it. */
  const monthBounds = (month: string) => {
    const from = `${month}-01`;
    const [year, number] = month.split('-').map(Number) as [number, number];
    const to = number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`;
    return { from, to };
  };

  async function statement(viewer: Viewer, monasteryId: number, month: string): Promise<Statement> {
    const monastery = await readableMonastery(viewer, monasteryId);
    const { from, to } = monthBounds(month);
    // One snapshot: the opening, the lines and the closing read the same books.
    return db.transaction(
      async (tx) => {
        const opening = await selectMonasteryBalance(tx, monasteryId, { day: from, timeZone });
        const rows = await selectStatementLines(tx, {
          monasteryId,
          from,
          to,
          timeZone,
          limit: STATEMENT_LINE_LIMIT,
        });
        const lines = rows.map(toLine);
        // Opening + movements = closing, by construction: the closing is the opening plus each line's net,
        // every one of them the ledger's postings on the monastery's payable account.
        const closingPaisa = opening.payablePaisa + rows.reduce((sum, row) => sum + row.netPaisa, 0);
        const sum = (kinds: readonly StatementLineKind[], pick: (row: StatementLineRow) => number) =>
          rows
            .filter((row) => kinds.includes(row.kind as StatementLineKind))
            .reduce((total, row) => total + pick(row), 0);
        return {
          monastery,
          month,
          opening: paisaToRupees(opening.payablePaisa),
          lines,
          closing: paisaToRupees(closingPaisa),
          totals: {
            orders: rows.filter((row) => row.kind === 'order_completed').length,
            amount: paisaToRupees(
              sum(STATEMENT_ORDER_LINE_KINDS, (row) => row.netPaisa + row.commissionPaisa),
            ),
            commission: paisaToRupees(sum(STATEMENT_ORDER_LINE_KINDS, (row) => row.commissionPaisa)),
            // Net of redos: a puja to be performed again has not earned yet (docs/decisions/036).
            earned: paisaToRupees(sum(['order_completed', 'order_redone'], (row) => row.netPaisa)),
            clawedBack: paisaToRupees(-sum(['clawback'], (row) => row.netPaisa)),
            paidOut: paisaToRupees(-sum(['payout_started'], (row) => row.netPaisa)),
            returned: paisaToRupees(sum(['payout_failed'], (row) => row.netPaisa)),
          },
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  return {
    async summary(viewer: Viewer, monasteryId: number): Promise<EarningsSummary> {
      const monastery = await readableMonastery(viewer, monasteryId);
      const today = todayIn(timeZone, now());
      const month = today.slice(0, 7);
      const { from, to } = monthBounds(month);
      const balance = await selectMonasteryBalance(db, monasteryId);
      const held = await selectHeldForMonastery(db, monasteryId);
      const earnedRows = await selectStatementLines(db, {
        monasteryId,
        from,
        to,
        timeZone,
        limit: STATEMENT_LINE_LIMIT,
      });
      const earned = earnedRows
        .filter((row) => STATEMENT_ORDER_LINE_KINDS.includes(row.kind as StatementLineKind))
        .reduce((sum, row) => sum + row.netPaisa, 0);
      return {
        monastery,
        balance: paisaToRupees(balance.payablePaisa),
        inTransit: paisaToRupees(balance.inTransitPaisa),
        toCome: { amount: paisaToRupees(held.heldPaisa), orders: held.orders },
        thisMonth: { month, earned: paisaToRupees(earned) },
        commissionBasisPoints: await dependencies.commissionRateOf(monasteryId),
      };
    },

    async payouts(viewer: Viewer, monasteryId: number, page: number): Promise<EarningsPayoutsResponse> {
      await readableMonastery(viewer, monasteryId);
      const rows = await selectMonasteryPayouts(db, {
        monasteryId,
        limit: EARNINGS_PAYOUTS_PAGE_SIZE,
        offset: (page - 1) * EARNINGS_PAYOUTS_PAGE_SIZE,
      });
      return {
        payouts: rows.map((row) => ({
          id: row.id,
          amount: paisaToRupees(row.amountPaisa),
          status: row.status,
          reference: row.reference,
          paidOn: row.paidOn,
          failureReason: row.failureReason,
          startedAt: row.createdAt.toISOString(),
        })),
        pageInfo: {
          page,
          pageSize: EARNINGS_PAYOUTS_PAGE_SIZE,
          total: await countMonasteryPayouts(db, monasteryId),
        },
      };
    },

    statement,

    /** The statement as CSV: RFC 4180, UTF-8 with a BOM (spreadsheets then read Devanagari and Chinese right). */
    async statementCsv(viewer: Viewer, monasteryId: number, month: string, language: Language) {
      const data = await statement(viewer, monasteryId, month);
      const words = STATEMENT_WORDS[language];
      const rupees = (value: number) => value.toFixed(2);
      const header = [
        words.columns.date,
        words.columns.description,
        words.columns.order,
        words.columns.puja,
        words.columns.amount,
        words.columns.commission,
        words.columns.net,
        words.columns.reference,
        words.columns.cardCurrency,
        words.columns.cardAmount,
        words.columns.cardRupees,
        words.columns.cardFee,
        words.columns.cardFeeRupees,
      ];
      const none = [null, null, null, null, null];
      // A card payment's figures as recorded (docs/decisions/057): the fee in its own currency's code.
      const card = (line: StatementLine): CsvCell[] =>
        line.card
          ? [
              line.card.currency,
              currencyUnitsDigits(line.card.amount, line.card.currency),
              rupees(line.card.rupees),
              line.card.fee ? formatCurrencyUnits(line.card.fee.amount, line.card.fee.currency) : null,
              line.card.fee ? rupees(line.card.fee.rupees) : null,
            ]
          : none;
      const rows: CsvCell[][] = [
        [`${month}-01`, words.opening, null, null, null, null, rupees(data.opening), null, ...none],
        ...data.lines.map((line) => [
          line.day,
          describe(line, words.kinds),
          line.orderNumber,
          line.puja,
          rupees(line.amount),
          rupees(line.commission),
          rupees(line.net),
          line.reference,
          ...card(line),
        ]),
        [monthBounds(month).to, words.closing, null, null, null, null, rupees(data.closing), null, ...none],
      ];
      return {
        filename: statementFilename(data, 'csv'),
        body: `\uFEFF${toCsv(header, rows)}`,
      };
    },

    async statementPdf(viewer: Viewer, monasteryId: number, month: string, language: Language) {
      const data = await statement(viewer, monasteryId, month);
      const pdf = await renderStatementPdf(data, {
        words: STATEMENT_WORDS[language],
        language,
        describe: (line) => describe(line, STATEMENT_WORDS[language].kinds),
        generatedAt: now(),
      });
      return { filename: statementFilename(data, 'pdf'), body: pdf };
    },
  };
}
export type EarningsService = ReturnType<typeof createEarningsService>;

function toLine(row: StatementLineRow): StatementLine {
  const kind = row.kind as StatementLineKind;
  const isOrder = STATEMENT_ORDER_LINE_KINDS.includes(kind);
  const amountPaisa = isOrder
    ? row.netPaisa + row.commissionPaisa
    : kind === 'payout_paid'
      ? row.sentPaisa
      : Math.abs(row.netPaisa);
  return {
    kind,
    at: row.at.toISOString(),
    day: row.day,
    orderNumber: row.orderNumber,
    puja: row.puja,
    payoutId: row.payoutId,
    reference: kind === 'payout_failed' ? row.failureReason : kind === 'payout_paid' ? row.reference : null,
    amount: paisaToRupees(amountPaisa),
    commission: paisaToRupees(isOrder ? row.commissionPaisa : 0),
    net: paisaToRupees(row.netPaisa),
    card: isOrder && row.card ? cardMoneyOf(row.card) : null,
  };
}

/** The line's description in the reader's words. */
export function describe(line: StatementLine, kinds: Record<StatementLineKind, string>): string {
  return kinds[line.kind].replace('{id}', String(line.payoutId ?? ''));
}

function statementFilename(statement: Statement, extension: 'csv' | 'pdf'): string {
  return `statement-${statement.monastery.id}-${statement.month}.${extension}`;
}
