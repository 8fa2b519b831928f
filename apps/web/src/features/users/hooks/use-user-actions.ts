import type { SessionUser } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { endedTheSession, reasonOf } from '../../../lib/contract-form.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useConfirmation } from '../../../lib/use-confirmation.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useRevokeUserSessions } from '../api/revoke-user-sessions.ts';

/** Delete a user after the confirmation (docs/product.md#form-rules), with the toasts of docs/product.md#notifications. */
export function useUserDeletion() {
  const { t } = useTranslation('admin');
  const confirmation = useConfirmation<SessionUser>();
  const deletion = useDeleteUser();

  function confirm() {
    const user = confirmation.target;
    if (!user || deletion.isPending) return;
    deletion.mutate(user.id, {
      onSuccess: () => {
        notifySuccess(t('users.deleted'));
        confirmation.close();
      },
      onError: (error) => {
        confirmation.close();
        if (!endedTheSession(error)) {
          notifyError(reasonOf(error, t('errors.unexpected', { ns: 'common' })), {
            title: t('users.deleteFailed'),
          });
        }
      },
    });
  }

  return { ...confirmation, confirm, isPending: deletion.isPending };
}

/** Sign a person out on every device (a lost phone, a staff member leaving), after a confirmation. */
export function useSessionRevocation() {
  const { t } = useTranslation('admin');
  const confirmation = useConfirmation<SessionUser>();
  const revocation = useRevokeUserSessions();

  function confirm() {
    const user = confirmation.target;
    if (!user || revocation.isPending) return;
    revocation.mutate(user.id, {
      onSuccess: (revoked) => {
        notifySuccess(t('users.revoked', { name: revoked.name || user.name }));
        confirmation.close();
      },
      onError: (error) => {
        confirmation.close();
        if (!endedTheSession(error)) {
          notifyError(reasonOf(error, t('errors.unexpected', { ns: 'common' })), {
            title: t('users.revokeFailed'),
          });
        }
      },
    });
  }

  return { ...confirmation, confirm, isPending: revocation.isPending };
}
