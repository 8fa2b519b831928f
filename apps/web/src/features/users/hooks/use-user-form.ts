import { getUserEndpoint, type SessionUser, userFormSchema } from '@puja/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { endedTheSession, reasonOf, showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useStaleVersion } from '../../../lib/use-stale-version.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import {
  type AssignableRole,
  EMPTY_USER_FORM,
  type UserFormMode,
  type UserFormValues,
  userFormChecks,
  userSubmissionOf,
  valuesOfUser,
} from '../utils/user-form.ts';

interface UseUserFormOptions {
  /** The account being edited; without it the form creates one. */
  user?: SessionUser | undefined;
  onSaved?: () => void;
}

/**
 * The rule for the user form (docs/product.md#notifications): a 400 answer carries per-field errors (e-mail taken, password too
 * short, confirmation mismatch), each shown as its own toast; any other failure shows the generic one.
 */
export function showUserFieldErrorToasts(error: ApiError): void {
  for (const [field, messages] of Object.entries(error.errors)) {
    for (const message of messages) notifyError(message, { id: `user-form-${field}-${message}` });
  }
}

/** The Create User form and the edit modal's form: the checks, the write and its toasts. */
export function useUserForm({ user, onSaved }: UseUserFormOptions = {}) {
  const { t } = useTranslation('admin');
  const mode: UserFormMode = user ? 'edit' : 'create';
  const form = useContractForm<UserFormValues>(
    userFormSchema,
    user ? valuesOfUser(user) : EMPTY_USER_FORM,
    userFormChecks(mode, { monasteryRequired: t('users.monasteryRequired') }),
  );
  const create = useCreateUser();
  const update = useUpdateUser();
  const isSaving = create.isPending || update.isPending;
  const versions = useStaleVersion(user?.version);

  /** After a refused stale save: the account as it is now, in the form, and its version for the next save. */
  async function reload() {
    if (!user) return;
    const fresh = (await callEndpoint(getUserEndpoint, { params: { id: user.id } })).user;
    form.setValues(valuesOfUser(fresh));
    form.clearErrors();
    if (fresh.version !== undefined) versions.reloaded(fresh.version);
  }

  const save = form.onSubmit(
    (values) => {
      const submission = userSubmissionOf(values);
      const failed = (title: string) => (error: Error) => {
        if (versions.noticeFrom(error)) return;
        showServerErrors(form, error);
        if (endedTheSession(error)) return;
        if (error instanceof ApiError && error.status === 400 && Object.keys(error.errors).length > 0) {
          showUserFieldErrorToasts(error);
        } else {
          notifyError(reasonOf(error, t('errors.unexpected', { ns: 'common' })), { title });
        }
      };
      if (user) {
        update.mutate(
          { ...submission, id: user.id, version: versions.version },
          {
            onSuccess: () => {
              notifySuccess(t('users.updated'));
              onSaved?.();
            },
            onError: failed(t('users.updateFailed')),
          },
        );
      } else {
        create.mutate(submission, {
          onSuccess: () => {
            notifySuccess(t('users.created'));
            form.reset();
            onSaved?.();
          },
          onError: failed(t('users.createFailed')),
        });
      }
    },
    // docs/product.md#notifications: the password messages are toasts as well, whether the server or this check finds them.
    (errors) => {
      for (const field of ['password', 'cpassword'] as const) {
        const message = errors[field];
        if (typeof message === 'string') notifyError(message, { id: `user-form-${field}-${message}` });
      }
    },
  );

  return {
    mode,
    form,
    /** Only staff belong to a monastery: choosing another role drops the choice. */
    chooseRole: (role: AssignableRole | '') => {
      form.setFieldValue('role', role);
      if (role !== 'monastery') form.setFieldValue('monastery', '');
    },
    submit: (event?: FormEvent<HTMLFormElement>) => (isSaving ? event?.preventDefault() : save(event)),
    isSaving,
    /** A save refused as made from an old version, and the reload it offers. */
    stale: versions.stale,
    reload,
  };
}

export type UserFormState = ReturnType<typeof useUserForm>;
