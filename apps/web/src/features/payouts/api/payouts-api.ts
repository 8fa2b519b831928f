import {
  commissionRatesEndpoint,
  failTransferEndpoint,
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
import { useQueryClient } from '@tanstack/react-query';
import { auditLogQueryKey } from '../../../lib/admin-query-keys.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { endpointUrl, useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-client.ts';

/**
 * The Payouts screen's reads and writes (docs/api.md "Payouts"). Every write refreshes every payout read
 * (what is owed, the runs, a run) and the audit log, since a run, a transfer or a change of details
 * moves them all.
 */
export const useOwed = (page: number) => useEndpointQuery(payoutsOverviewEndpoint, { query: { page } });
export const useRuns = (page: number) => useEndpointQuery(payoutRunsEndpoint, { query: { page } });
export const useRun = (runId: number | null) =>
  useEndpointQuery(payoutRunEndpoint, { params: { runId: runId ?? 0 } }, { enabled: runId !== null });
export const useCommissionRates = (monasteryId: number) =>
  useEndpointQuery(commissionRatesEndpoint, { params: { monasteryId } });
export const usePayoutDetails = (monasteryId: number) =>
  useEndpointQuery(payoutDetailsEndpoint, { params: { monasteryId } });

const PAYOUT_READS = [
  payoutsOverviewEndpoint.path,
  payoutRunsEndpoint.path,
  payoutRunEndpoint.path,
  commissionRatesEndpoint.path,
  payoutDetailsEndpoint.path,
];

function useRefreshPayouts() {
  const queryClient = useQueryClient();
  return () => {
    for (const path of PAYOUT_READS) void queryClient.invalidateQueries({ queryKey: [path] });
    void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
  };
}

export function usePayoutWrites() {
  const refresh = useRefreshPayouts();
  const options = { onSettled: refresh };
  return {
    startRun: useEndpointMutation(startPayoutRunEndpoint, options),
    recordTransfer: useEndpointMutation(recordTransferEndpoint, options),
    failTransfer: useEndpointMutation(failTransferEndpoint, options),
    setCommissionRate: useEndpointMutation(setCommissionRateEndpoint, options),
    setPayoutDetails: useEndpointMutation(setPayoutDetailsEndpoint, options),
  };
}

/** The run's bank-transfer file, saved under the server's name (fetched with the session's token). */
export function downloadTransfers(runId: number): Promise<string> {
  return downloadFile(
    endpointUrl(payoutRunTransfersEndpoint, { params: { runId } }),
    `payout-run-${runId}.csv`,
  );
}
