import {
  createClosureEndpoint,
  deleteClosureEndpoint,
  type OrderDaySettings,
  orderDaySettingsEndpoint,
  unavailableDaysEndpoint,
  updateOrderDaySettingsEndpoint,
} from '@puja/contract';
import { useQueryClient } from '@tanstack/react-query';
import { endpointQueryKey, useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-client.ts';

const settingsKey = (monasteryId: number) =>
  endpointQueryKey(orderDaySettingsEndpoint, { params: { monasteryId } });

/**
 * A monastery's daily capacity, each puja's, the cut-off and the closures that have not ended
 * (docs/decisions/040), read fresh: a settings form starts from what is stored now.
 */
export function useOrderDaySettings(monasteryId: number | null) {
  return useEndpointQuery(
    orderDaySettingsEndpoint,
    { params: { monasteryId: monasteryId ?? 0 } },
    { enabled: monasteryId !== null, staleTime: 0 },
  );
}

/**
 * Every change answers with the settings as they are now: they replace the cached ones, and the days this
 * browser was told are not offered are asked again.
 */
function useKeepSettings() {
  const queryClient = useQueryClient();
  return (settings: OrderDaySettings) => {
    queryClient.setQueryData(settingsKey(settings.monastery_id), settings);
    void queryClient.invalidateQueries({ queryKey: endpointQueryKey(unavailableDaysEndpoint) });
  };
}

export function useUpdateOrderDaySettings() {
  const keep = useKeepSettings();
  return useEndpointMutation(updateOrderDaySettingsEndpoint, { onSuccess: keep });
}

export function useCreateClosure() {
  const keep = useKeepSettings();
  return useEndpointMutation(createClosureEndpoint, { onSuccess: keep });
}

export function useDeleteClosure() {
  const keep = useKeepSettings();
  return useEndpointMutation(deleteClosureEndpoint, { onSuccess: keep });
}
