import { getLedgerBalancesEndpoint } from '@puja/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { route } from '../../lib/endpoint-route.ts';
import { readLedger } from './ledger.service.ts';

/** The administrator's read of the ledger (docs/decisions/031): it reads every order, so it is gated. */
export const ledgerRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  route(app, getLedgerBalancesEndpoint, () => readLedger(db), { config: { heavy: true } });
};
