import {
  commissionRatesEndpoint,
  failTransferEndpoint,
  ownCommissionRateEndpoint,
  payoutDetailsEndpoint,
  payoutRunEndpoint,
  payoutRunsEndpoint,
  payoutRunTransfersEndpoint,
  payoutsOverviewEndpoint,
  recordTransferEndpoint,
  setCommissionRateEndpoint,
  setPayoutDetailsEndpoint,
  startPayoutRunEndpoint,
} from '@puja/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/endpoint-route.ts';
import { viewerOf } from '../../plugins/auth.ts';
import type { PayoutsService } from './payouts.service.ts';

/** Commission, payout details and payouts (docs/api.md "Payouts", docs/decisions/033). */
export const payoutsRoutes: FastifyPluginAsync<{ payouts: PayoutsService }> = async (app, { payouts }) => {
  route(app, commissionRatesEndpoint, (request) => payouts.commissionRates(request.params.monasteryId));
  route(app, setCommissionRateEndpoint, (request) =>
    payouts.setCommissionRate(viewerOf(request), request.params.monasteryId, request.body),
  );
  route(app, ownCommissionRateEndpoint, (request) => payouts.ownCommission(viewerOf(request)));
  route(app, payoutDetailsEndpoint, (request) => payouts.payoutDetails(request.params.monasteryId));
  route(app, setPayoutDetailsEndpoint, (request) =>
    payouts.setPayoutDetails(viewerOf(request), request.params.monasteryId, request.body),
  );
  // It reads every monastery's ledger balance: gated like the ledger's own read.
  route(app, payoutsOverviewEndpoint, (request) => payouts.overview(request.query.page), {
    config: { heavy: true },
  });
  route(app, payoutRunsEndpoint, (request) => payouts.runs(request.query.page));
  route(app, startPayoutRunEndpoint, (request) => payouts.startRun(viewerOf(request)), {
    config: { heavy: true },
  });
  route(app, payoutRunEndpoint, (request) => payouts.runWithPayouts(request.params.runId));
  route(app, payoutRunTransfersEndpoint, async (request, reply) => {
    const file = await payouts.transfersCsv(request.params.runId);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(file.csv);
  });
  route(app, recordTransferEndpoint, (request) =>
    payouts.recordTransfer(viewerOf(request), request.params.payoutId, request.body),
  );
  route(app, failTransferEndpoint, (request) =>
    payouts.failTransfer(viewerOf(request), request.params.payoutId, request.body.reason),
  );
};
