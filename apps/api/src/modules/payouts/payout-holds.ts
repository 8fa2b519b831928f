import type { Executor } from '../../db/client.ts';

/** An order whose money its monastery earned but must not be paid yet, and why. */
export interface OrderHeldFromPayout {
  orderId: number;
  /** Why it is held: a patron's concern about the order is open (issue 28). */
  reason: 'concern';
  /** What the order earned the monastery (its `order_completed` credit), held back from "due now". */
  heldPaisa: number;
}

/**
 * The hook for money held from payouts (docs/decisions/033): what a monastery has earned is "due now"
 * only less what these orders earned it. Nothing holds an order yet: patrons' concerns come with issue 28,
 * which answers here the performed orders of the monastery with a concern open. Payouts, the owed view and
 * the staff's earnings all subtract what this answers, so they need no change then.
 */
export async function ordersHeldFromPayout(
  _db: Executor,
  _monasteryId: number,
): Promise<OrderHeldFromPayout[]> {
  return [];
}
