import { deleteUserEndpoint, type UsersResponse } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { useApplyUsersWrite } from './user-requests.ts';

/** Deletes an account; one with history is archived and signed out everywhere instead. */
export function deleteUser(id: number): Promise<UsersResponse> {
  return callEndpoint(deleteUserEndpoint, { params: { id } });
}

export function useDeleteUser() {
  const applyWrite = useApplyUsersWrite();
  return useMutation({ mutationFn: deleteUser, onSuccess: applyWrite });
}
