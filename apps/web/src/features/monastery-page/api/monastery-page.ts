import {
  approvePageProposalEndpoint,
  getOwnMonasteryPageEndpoint,
  listPageProposalsEndpoint,
  type PageProposalsResponse,
  rejectPageProposalEndpoint,
  saveOwnMonasteryPageEndpoint,
} from '@puja/contract';
import { useQueryClient } from '@tanstack/react-query';
import { adminQueryKey, auditLogQueryKey } from '../../../lib/admin-query-keys.ts';
import { endpointQueryKey, useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-client.ts';
import { catalogueQueryKey } from '../../catalogue/api/catalogue-query-keys.ts';

/** The staff member's monastery page: live, waiting for review, last decided. */
export function useOwnMonasteryPage() {
  return useEndpointQuery(getOwnMonasteryPageEndpoint, {});
}

export function useSaveOwnMonasteryPage() {
  const queryClient = useQueryClient();
  return useEndpointMutation(saveOwnMonasteryPageEndpoint, {
    onSuccess: (page) => queryClient.setQueryData(endpointQueryKey(getOwnMonasteryPageEndpoint, {}), page),
  });
}

/** The administrator's list of page changes waiting for review. */
export function usePageProposals() {
  return useEndpointQuery(listPageProposalsEndpoint, {});
}

/** Approve or reject: the answer is the list as it now is; the catalogue and the audit log are read again. */
export function useDecidePageProposal() {
  const queryClient = useQueryClient();
  const onSuccess = (list: PageProposalsResponse) => {
    queryClient.setQueryData(endpointQueryKey(listPageProposalsEndpoint, {}), list);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: auditLogQueryKey }),
      // The catalogue's answers (public and the administrator's) show the approved page.
      queryClient.invalidateQueries({ queryKey: catalogueQueryKey }),
      queryClient.invalidateQueries({ queryKey: [...adminQueryKey, 'catalogue'] }),
    ]);
  };
  return {
    approve: useEndpointMutation(approvePageProposalEndpoint, { onSuccess }),
    reject: useEndpointMutation(rejectPageProposalEndpoint, { onSuccess }),
  };
}
