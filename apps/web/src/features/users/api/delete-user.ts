import { deleteUserEndpoint, type UsersResponse } from '@puja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUsersQueryKey } from '../../../lib/admin-query-keys.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { useApplyUsersWrite } from './user-requests.ts';

/** Deletes an account; one with history is archived and signed out everywhere instead. */
export function deleteUser(id: number): Promise<UsersResponse> {
  return callEndpoint(deleteUserEndpoint, { params: { id } });
}

/**
 * Nothing leaves the table before the server answers. A refusal leaves the row where it is and asks for
 * the pages again, so the table shows what the server has (a 404: someone else removed it meanwhile).
 */
export function useDeleteUser() {
  const applyWrite = useApplyUsersWrite();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: applyWrite,
    onError: () => void queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
