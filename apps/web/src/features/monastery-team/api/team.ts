import { getTeamEndpoint, inviteStaffEndpoint, removeStaffEndpoint, type TeamResponse } from '@puja/contract';
import { useQueryClient } from '@tanstack/react-query';
import { endpointQueryKey, useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-client.ts';

/** The staff of the viewer's monastery, and whether the viewer (its lead) may change them. */
export function useTeam() {
  return useEndpointQuery(getTeamEndpoint, {});
}

/** Invites and removals answer the team as it now is: the list shows it at once. */
function useSetTeam() {
  const queryClient = useQueryClient();
  return (team: TeamResponse) => queryClient.setQueryData(endpointQueryKey(getTeamEndpoint, {}), team);
}

export function useInviteStaff() {
  return useEndpointMutation(inviteStaffEndpoint, { onSuccess: useSetTeam() });
}

export function useRemoveStaff() {
  return useEndpointMutation(removeStaffEndpoint, { onSuccess: useSetTeam() });
}
