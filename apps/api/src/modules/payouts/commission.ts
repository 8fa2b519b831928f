import type { Executor } from '../../db/client.ts';
import { findRateInForce } from './payouts.queries.ts';

/**
 * The commission rate in force for a monastery on a day (docs/decisions/033): its own rate with the latest
 * effective day on or before it, else the configured default (COMMISSION_BASIS_POINTS). The completion of
 * an order takes the rate of its day, in the business time zone; a later change never touches it.
 */
export async function commissionRateOn(
  db: Executor,
  monasteryId: number,
  day: string,
  defaultBasisPoints: number,
): Promise<number> {
  const own = await findRateInForce(db, monasteryId, day);
  return own?.basisPoints ?? defaultBasisPoints;
}
