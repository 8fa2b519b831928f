import { fullNameSchema } from '@puja/contract';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reasonOf } from '../../../lib/contract-form.ts';
import { useSession } from '../../../lib/session.ts';
// The account's fetcher for one's own name (`PATCH /api/update-user-details`).
import { useUpdateUserDetails } from '../../account/api/update-user-details.ts';

/**
 * A new patron who pressed Make Puja before signing up gives their name in the order form itself, not on
 * a page of its own (docs/decisions/029): the field shows while the account has no name, is checked with
 * the contract's full-name rule, and is saved just before the order is placed.
 */
export function useNameForOrder() {
  const { t } = useTranslation();
  const session = useSession();
  const needed = session.role === 'user' && !session.name?.trim();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateUserDetails();

  /** Says on the field what is wrong with the name; the full name when it is right. */
  function check(): string | null {
    const parsed = fullNameSchema.safeParse(name);
    if (parsed.success) return parsed.data;
    setError(parsed.error.issues[0]?.message ?? '');
    return null;
  }

  /** Saves the name when the account has none; false, with the reason on the field, when it cannot. */
  async function save(): Promise<boolean> {
    if (!needed) return true;
    const fullName = check();
    if (!fullName) return false;
    try {
      await update.mutateAsync({ name: fullName, email: session.email ?? undefined });
      return true;
    } catch (failure) {
      setError(reasonOf(failure, t('errors.unexpected')));
      return false;
    }
  }

  return {
    needed,
    /** For the name's TextInput: its value, its change (which drops the message) and its message. */
    inputProps: {
      value: name,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setName(event.currentTarget.value);
        setError(null);
      },
      error,
    },
    /** Shows the name's message beside the form's own, when the order form is sent with mistakes. */
    check: () => (needed ? check() !== null : true),
    /** A form's editor whose sending checks the name too, so both messages show at once. */
    checkedWith<Editor extends { submit: (...args: never[]) => void }>(editor: Editor): Editor {
      return {
        ...editor,
        submit: (...args: Parameters<Editor['submit']>) => {
          if (needed) check();
          editor.submit(...args);
        },
      };
    },
    save,
  };
}
