import {
  dayInZone,
  isCalendarDate,
  type PrayerNameResponse,
  RUN_SHEET_MAX_ORDERS,
  type RunSheetGroup,
  type RunSheetLanguage,
  type RunSheetOrder,
  type RunSheetResponse,
  todayIn,
} from '@puja/contract';
import type { Database } from '../../db/client.ts';
import { renderRunSheetPdf } from '../../integrations/pdf/run-sheet-pdf.ts';
import { runSheetPlanLabel } from '../../integrations/pdf/run-sheet-plan-label.ts';
import { AppError } from '../../lib/app-error.ts';
import { type CsvCell, instantCell, textCell, toCsvWithBom } from '../../lib/csv.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { toPrayerName } from '../orders/orders.service.ts';
import { findOrderName, listNamesOfOrders, type OrderNameRow } from '../orders/orders.shared-queries.ts';
import { listPlanLabels, type PlanLabel } from '../plans/plans.shared-queries.ts';
import {
  findMonasteryName,
  findNameWithOrder,
  listRunSheetOrders,
  markNameRead,
  unmarkNameRead,
} from './run-sheet.queries.ts';

/**
 * The run sheet (docs/decisions/035): a monastery's approved and completed orders of one day, grouped by
 * puja and time, with each order's names and intention, for its own staff only; and the ticks staff give
 * each name as it is read. A tick records when and who, is audited, and may be taken back the same day
 * (Nepal time); its order's patron sees it on their order.
 */
/** The plan an order of the sheet is an occurrence of, as `Order.plan` says it; null for an order of its own. */
function planOfRow(
  row: { planId: number | null; planOccurrence: number | null },
  plans: PlanLabel[],
): RunSheetOrder['plan'] {
  const plan = plans.find((label) => label.id === row.planId);
  if (!plan || row.planOccurrence === null) return null;
  return {
    id: plan.id,
    kind: plan.kind,
    occurrence: row.planOccurrence,
    occurrences: plan.occurrences,
    departed_name: plan.departedName,
  };
}

export function createRunSheetService(dependencies: {
  db: Database;
  businessTimeZone: string;
  siteName: string;
}) {
  const { db, businessTimeZone } = dependencies;

  /** The staff member's monastery: only a monastery's own staff read its run sheet. */
  function monasteryOf(staff: Viewer): number {
    if (staff.role !== 'monastery' || !staff.monastery_id)
      throw new AppError('forbidden', 'Only a monastery’s staff have a run sheet.');
    return staff.monastery_id;
  }

  function dayOf(date: string | undefined): string {
    const today = todayIn(businessTimeZone);
    if (date === undefined) return today;
    if (!isCalendarDate(date))
      throw new AppError('invalidInput', 'Choose a valid date.', { date: ['Choose a valid date.'] });
    return date;
  }

  async function read(staff: Viewer, date: string | undefined): Promise<RunSheetResponse> {
    const monasteryId = monasteryOf(staff);
    const day = dayOf(date);
    const { rows, total } = await listRunSheetOrders(db, monasteryId, day, RUN_SHEET_MAX_ORDERS);
    const [names, plans] = await Promise.all([
      listNamesOfOrders(
        db,
        rows.map((row) => row.id),
      ),
      listPlanLabels(db, [...new Set(rows.flatMap((row) => row.planId ?? []))]),
    ]);
    const groups: RunSheetGroup[] = [];
    for (const row of rows) {
      let group = groups.at(-1);
      if (!group || group.puja.id !== row.puja.id || group.time !== row.time) {
        group = { puja: row.puja, time: row.time, orders: [] };
        groups.push(group);
      }
      group.orders.push({
        id: row.id,
        number: row.number,
        status: row.status,
        patron: row.patron,
        intention: row.intention,
        names: names.filter((name) => name.orderId === row.id).map(toRunSheetName),
        // "49 days for Tenzin Dorje, 3 of 7" (docs/decisions/056), as every order carries it.
        plan: planOfRow(row, plans),
      });
    }
    return { date: day, today: todayIn(businessTimeZone), groups, total };
  }

  /** A name of the staff member's own monastery's order, whose puja can be ticked: 404, 403 or 409 if not. */
  async function tickableName(staff: Viewer, nameId: number) {
    const monasteryId = monasteryOf(staff);
    const found = await findNameWithOrder(db, nameId);
    if (!found) throw new AppError('notFound', 'Name not found.');
    if (found.order.monasteryId !== monasteryId)
      throw new AppError('forbidden', 'This order belongs to another monastery.');
    if (found.order.status !== 'approved' && found.order.status !== 'completed')
      throw new AppError('conflict', 'Names are ticked only on approved pujas.');
    if (found.order.pujaDate > todayIn(businessTimeZone))
      throw new AppError('conflict', 'This puja’s day has not come yet: names are ticked as they are read.');
    return found;
  }

  /** The name as it now stands (a name is deleted only with its order or its patron's account). */
  async function answer(nameId: number): Promise<PrayerNameResponse> {
    const name = await findOrderName(db, nameId);
    if (!name) throw new AppError('notFound', 'Name not found.');
    return { name: toRunSheetName(name) };
  }

  return {
    read,

    async pdf(staff: Viewer, date: string | undefined, language: RunSheetLanguage) {
      const sheet = await read(staff, date);
      const pdf = await renderRunSheetPdf(sheet, {
        language,
        businessTimeZone,
        siteName: dependencies.siteName,
        monastery: (await findMonasteryName(db, monasteryOf(staff))) ?? '',
      });
      return { filename: `run-sheet-${sheet.date}.pdf`, pdf };
    },

    /**
     * The run of the day as CSV for a spreadsheet (docs/decisions/039's rules): one row per name in the
     * sheet's order (an order without names has one row, its name empty), the tick's time in Nepal time
     * with the offset; the plan a puja is part of in the staff's language (en or ne, as the PDF's).
     */
    async csv(staff: Viewer, date: string | undefined, language: RunSheetLanguage) {
      const sheet = await read(staff, date);
      const rows: CsvCell[][] = [];
      for (const group of sheet.groups)
        for (const order of group.orders) {
          const orderCells: CsvCell[] = [
            sheet.date,
            group.time,
            group.puja.name,
            order.number,
            order.status,
            textCell(order.patron),
            textCell(runSheetPlanLabel(order.plan, language)),
          ];
          const names = order.names.length > 0 ? order.names : [null];
          for (const name of names)
            rows.push([
              ...orderCells,
              textCell(name?.name ?? null),
              name ? (name.departed ? 'yes' : 'no') : null,
              textCell(name?.note ?? null),
              textCell(order.intention),
              instantCell(name?.read_at ?? null, businessTimeZone),
              textCell(name?.read_by ?? null),
            ]);
        }
      return { filename: `run-sheet-${sheet.date}.csv`, csv: toCsvWithBom(RUN_SHEET_CSV_COLUMNS, rows) };
    },

    /** Ticks a name as read, now; a name already ticked keeps its first tick (and nothing is audited again). */
    async markRead(staff: Viewer, nameId: number): Promise<PrayerNameResponse> {
      const found = await tickableName(staff, nameId);
      await db.transaction(async (tx) => {
        const at = new Date();
        if (!(await markNameRead(tx, nameId, staff.id, at))) return;
        await recordAudit(tx, {
          actor: staff,
          action: 'read-name',
          subject: 'order',
          subjectId: found.order.id,
          before: { name_id: nameId, read_at: null },
          after: { name_id: nameId, read_at: at.toISOString() },
        });
      });
      return answer(nameId);
    },

    /** Takes a tick back: only on the day it was made (Nepal), so a puja's record is not rewritten later. */
    async unmarkRead(staff: Viewer, nameId: number): Promise<PrayerNameResponse> {
      const found = await tickableName(staff, nameId);
      const readAt = found.readAt;
      if (readAt) {
        if (dayInZone(readAt, businessTimeZone) !== todayIn(businessTimeZone))
          throw new AppError('conflict', 'A tick can be taken back only on the day it was made.');
        await db.transaction(async (tx) => {
          if (!(await unmarkNameRead(tx, nameId, readAt))) return;
          await recordAudit(tx, {
            actor: staff,
            action: 'unread-name',
            subject: 'order',
            subjectId: found.order.id,
            before: { name_id: nameId, read_at: readAt.toISOString() },
            after: { name_id: nameId, read_at: null },
          });
        });
      }
      return answer(nameId);
    },
  };
}
export type RunSheetService = ReturnType<typeof createRunSheetService>;

const RUN_SHEET_CSV_COLUMNS = [
  'puja_date',
  'puja_time',
  'puja',
  'order',
  'status',
  'patron',
  'plan',
  'name',
  'departed',
  'note',
  'intention',
  'read_at',
  'read_by',
];

function toRunSheetName(name: OrderNameRow) {
  return { ...toPrayerName(name), read_by: name.readBy };
}
