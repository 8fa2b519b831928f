import type { UsersResponse } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { requestUserList, useApplyUsersWrite } from './user-requests.ts';

/** `DELETE /api/user/{id}`: a user with history is archived and signed out everywhere instead. */
export function deleteUser(id: number): Promise<UsersResponse> {
  return requestUserList(`/api/user/${id}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const applyWrite = useApplyUsersWrite();
  return useMutation({ mutationFn: deleteUser, onSuccess: applyWrite });
}
