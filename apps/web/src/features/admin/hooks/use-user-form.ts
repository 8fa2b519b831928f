import type { SessionUser } from '@puja/contract';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { fieldErrorsOfApiError, isSessionEnd, reasonOfFailure } from '../utils/field-errors.ts';
import {
  checkUserForm,
  EMPTY_USER_FORM,
  USER_FIELDS,
  type UserField,
  type UserFormErrors,
  type UserFormMode,
  type UserFormValues,
  valuesOfUser,
} from '../utils/user-form.ts';

export interface UserFormState {
  mode: UserFormMode;
  values: UserFormValues;
  setValue: <Field extends UserField>(field: Field, value: UserFormValues[Field]) => void;
  errors: UserFormErrors;
  submit: (event?: FormEvent<HTMLFormElement>) => void;
  isSaving: boolean;
}

interface UseUserFormOptions {
  /** The account being edited; without it the form creates one. */
  user?: SessionUser | undefined;
  onSaved?: () => void;
}

/**
 * SPEC §8's rule for the user form: a 400 answer carries per-field errors (e-mail taken, password too
 * short, confirmation mismatch), each shown as its own toast; any other failure shows the generic one.
 */
export function showUserFieldErrorToasts(error: ApiError): void {
  for (const [field, messages] of Object.entries(error.errors)) {
    for (const message of messages) notifyError(message, { id: `user-form-${field}-${message}` });
  }
}

/** The Create User form and the edit modal's form: values, checks, the write and its toasts. */
export function useUserForm({ user, onSaved }: UseUserFormOptions = {}): UserFormState {
  const { t } = useTranslation('admin');
  const mode: UserFormMode = user ? 'edit' : 'create';
  const [values, setValues] = useState<UserFormValues>(() => (user ? valuesOfUser(user) : EMPTY_USER_FORM));
  const [errors, setErrors] = useState<UserFormErrors>({});
  const create = useCreateUser();
  const update = useUpdateUser();

  const setValue = useCallback(<Field extends UserField>(field: Field, value: UserFormValues[Field]) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      // Only staff belong to a monastery: choosing another role drops the choice.
      if (field === 'role' && value !== 'monastery') next.monastery = '';
      return next;
    });
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (create.isPending || update.isPending) return;
    const check = checkUserForm(values, mode, { monasteryRequired: t('users.monasteryRequired') });
    if (!check.ok) {
      setErrors(check.errors);
      // SPEC §8: the password messages are toasts as well, whether the server or this check finds them.
      for (const field of ['password', 'cpassword'] as const) {
        const message = check.errors[field];
        if (message) notifyError(message, { id: `user-form-${field}-${message}` });
      }
      return;
    }
    setErrors({});
    const failed = (title: string) => (error: Error) => {
      setErrors(fieldErrorsOfApiError(error, USER_FIELDS));
      if (isSessionEnd(error)) return;
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.errors).length > 0) {
        showUserFieldErrorToasts(error);
      } else {
        notifyError(reasonOfFailure(error, t('errors.unexpected', { ns: 'common' })), { title });
      }
    };
    if (user) {
      update.mutate(
        { ...check.user, id: user.id },
        {
          onSuccess: () => {
            notifySuccess(t('users.updated'));
            onSaved?.();
          },
          onError: failed(t('users.updateFailed')),
        },
      );
    } else {
      create.mutate(check.user, {
        onSuccess: () => {
          notifySuccess(t('users.created'));
          setValues(EMPTY_USER_FORM);
          onSaved?.();
        },
        onError: failed(t('users.createFailed')),
      });
    }
  }

  return { mode, values, setValue, errors, submit, isSaving: create.isPending || update.isPending };
}
