import { type Concern, paisaToRupees } from '@puja/contract';
import type { ConcernRow } from './concerns.queries.ts';

/** A concern as the API shows it, to its patron, the order's monastery and administrators. */
export function toConcern(row: ConcernRow): Concern {
  return {
    id: row.id,
    kind: row.kind,
    message: row.message,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolution_note: row.resolutionNote,
    refund_amount: row.refundAmountPaisa === null ? null : paisaToRupees(row.refundAmountPaisa),
    redo_date: row.redoDate,
  };
}

/**
 * Until when a concern may be raised about an order: `windowDays` after its puja was recorded as performed
 * (`closed_at` of a completed order), while none is open; null when none may be raised.
 */
export function concernDeadline(
  order: { status: string; closedAt: Date | null },
  concerns: Pick<ConcernRow, 'status'>[],
  windowDays: number,
  now = new Date(),
): Date | null {
  if (order.status !== 'completed' || !order.closedAt) return null;
  if (concerns.some((concern) => concern.status === 'open')) return null;
  const until = new Date(order.closedAt.getTime() + windowDays * 86_400_000);
  return until > now ? until : null;
}
