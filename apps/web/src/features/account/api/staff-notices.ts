import {
  addPushSubscriptionEndpoint,
  getStaffNoticeSettingsEndpoint,
  updateStaffNoticeSettingsEndpoint,
} from '@puja/contract';
import { useQueryClient } from '@tanstack/react-query';
import { endpointQueryKey, useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-client.ts';

/** How the signed-in staff member is told of orders (docs/decisions/041). */
export function useStaffNoticeSettings() {
  return useEndpointQuery(getStaffNoticeSettingsEndpoint, {});
}

/** Saves the choice, or this device's subscription; the answer replaces the settings shown. */
export function useUpdateStaffNotices() {
  const client = useQueryClient();
  const onSuccess = (settings: unknown) =>
    client.setQueryData(endpointQueryKey(getStaffNoticeSettingsEndpoint), settings);
  return {
    settings: useEndpointMutation(updateStaffNoticeSettingsEndpoint, { onSuccess }),
    device: useEndpointMutation(addPushSubscriptionEndpoint, { onSuccess }),
  };
}
