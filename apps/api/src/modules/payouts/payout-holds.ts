import type { Executor } from '../../db/client.ts';
import { selectOrdersHeldByConcerns } from '../concerns/concerns.shared-queries.ts';

/** An order whose money its monastery earned but must not be paid yet, and why. */
export interface OrderHeldFromPayout {
  orderId: number;
  /** Why it is held: a patron's concern about the order is open (docs/decisions/036). */
  reason: 'concern';
  /**
   * What the order earned the monastery and has not given back (its completion's credit to the monastery's
   * payable, net of any clawback): held back from "due now".
   */
  heldPaisa: number;
}

/**
 * Money held from payouts (docs/decisions/033): what a monastery has earned is "due now" only less what
 * these orders earned it: its performed orders with a patron's concern open (docs/decisions/036). Payouts,
 * the owed view and the staff's earnings all subtract what this answers.
 */
export function ordersHeldFromPayout(db: Executor, monasteryId: number): Promise<OrderHeldFromPayout[]> {
  return selectOrdersHeldByConcerns(db, monasteryId);
}
