import {
  earningsPayoutsEndpoint,
  earningsSummaryEndpoint,
  statementCsvEndpoint,
  statementEndpoint,
  statementPdfEndpoint,
} from '@puja/contract';
import { keepPreviousData, useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';
import { endpointUrl, useEndpointQuery } from '../../../lib/endpoint-client.ts';

/** A monastery's balance, money to come, this month's earnings and commission rate. */
export function useEarningsSummary(monasteryId: number) {
  return useEndpointQuery(earningsSummaryEndpoint, { params: { monasteryId } });
}

/** A page of the monastery's payouts, newest first. */
export function useEarningsPayouts(monasteryId: number, page: number) {
  return useEndpointQuery(
    earningsPayoutsEndpoint,
    { params: { monasteryId }, query: { page } },
    { placeholderData: keepPreviousData },
  );
}

/** The monthly statement shown on the page (the same figures the PDF and CSV give). */
export function useStatement(monasteryId: number, month: string) {
  return useEndpointQuery(
    statementEndpoint,
    { params: { monasteryId }, query: { month } },
    { placeholderData: keepPreviousData },
  );
}

/** The statement as a file in the reader's language, fetched with the session's token. */
export function useDownloadStatement() {
  return useMutation({
    mutationFn: ({
      monasteryId,
      month,
      format,
    }: {
      monasteryId: number;
      month: string;
      format: 'pdf' | 'csv';
    }) =>
      downloadFile(
        endpointUrl(format === 'pdf' ? statementPdfEndpoint : statementCsvEndpoint, {
          params: { monasteryId },
          query: { month },
        }),
        `statement-${monasteryId}-${month}.${format}`,
      ),
  });
}
