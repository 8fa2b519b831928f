import {
  markNameReadEndpoint,
  type RunSheetLanguage,
  type RunSheetName,
  type RunSheetResponse,
  runSheetCsvEndpoint,
  runSheetEndpoint,
  runSheetPdfEndpoint,
  unmarkNameReadEndpoint,
} from '@puja/contract';
import { useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';
import {
  endpointQueryKey,
  endpointUrl,
  useEndpointMutation,
  useEndpointQuery,
} from '../../../lib/endpoint-client.ts';

/** The run sheet of a day (`YYYY-MM-DD`, Nepal; today when undefined). */
export function useRunSheet(date: string | undefined) {
  return useEndpointQuery(runSheetEndpoint, { query: { date } });
}

/** The run sheet as the PDF to print, in English or Nepali. */
export function downloadRunSheet(date: string, lang: RunSheetLanguage): Promise<string> {
  return downloadFile(endpointUrl(runSheetPdfEndpoint, { query: { date, lang } }), `run-sheet-${date}.pdf`);
}

/** The run of the day as CSV for a spreadsheet, one row per name; its plan labels in `lang`. */
export function downloadRunSheetCsv(date: string, lang: RunSheetLanguage): Promise<string> {
  return downloadFile(endpointUrl(runSheetCsvEndpoint, { query: { date, lang } }), `run-sheet-${date}.csv`);
}

/** Puts a name as the server answered it into every run sheet held, so the tick shows at once. */
function withName(sheet: RunSheetResponse | undefined, name: RunSheetName): RunSheetResponse | undefined {
  if (!sheet) return sheet;
  return {
    ...sheet,
    groups: sheet.groups.map((group) => ({
      ...group,
      orders: group.orders.map((order) => ({
        ...order,
        names: order.names.map((each) => (each.id === name.id ? name : each)),
      })),
    })),
  };
}

/** Ticks a name as read (`read: true`) or takes the tick back; the run sheet shows the answer. */
export function useTickName() {
  const queryClient = useQueryClient();
  const apply = ({ name }: { name: RunSheetName }) =>
    queryClient.setQueriesData<RunSheetResponse>({ queryKey: endpointQueryKey(runSheetEndpoint) }, (sheet) =>
      withName(sheet, name),
    );
  const mark = useEndpointMutation(markNameReadEndpoint, { onSuccess: apply });
  const unmark = useEndpointMutation(unmarkNameReadEndpoint, { onSuccess: apply });
  return {
    tick: (nameId: number, read: boolean) => (read ? mark : unmark).mutateAsync({ params: { nameId } }),
    /** The name whose tick is being saved, if any. */
    pending: (mark.isPending ? mark.variables : unmark.isPending ? unmark.variables : undefined)?.params
      .nameId,
    /** Refetches the sheet after a refusal, so it shows what the server holds. */
    refresh: () => queryClient.invalidateQueries({ queryKey: endpointQueryKey(runSheetEndpoint) }),
  };
}
