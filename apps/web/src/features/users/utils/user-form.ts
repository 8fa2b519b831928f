import {
  ASSIGNABLE_ROLES,
  MIN_PASSWORD_LENGTH,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  type SessionUser,
  userFormSchema,
} from '@puja/contract';
import type { FormChecks } from '../../../lib/contract-form.ts';

/**
 * The administrator's user form (docs/product.md#form-rules): name, phone (numeric), e-mail and role required; password and
 * its confirmation required on create only, and checked on edit only when a new password is typed; a
 * monastery when the role is monastery. The field rules are the contract's `userFormSchema`; the password
 * rules and their messages are the server's (contract constants), so the form says before sending what the
 * server would answer.
 */

export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
export type UserFormMode = 'create' | 'edit';

export type UserFormValues = {
  name: string;
  email: string;
  phone: string;
  role: AssignableRole | '';
  /** The chosen monastery's id as the select gives it; '' when none. */
  monastery: string;
  password: string;
  cpassword: string;
};

export const EMPTY_USER_FORM: UserFormValues = Object.freeze({
  name: '',
  email: '',
  phone: '',
  role: '',
  monastery: '',
  password: '',
  cpassword: '',
});

export function isAssignableRole(value: unknown): value is AssignableRole {
  return ASSIGNABLE_ROLES.includes(value as AssignableRole);
}

/** The edit form starts from the account; a password is never shown, only replaced. */
export function valuesOfUser(user: SessionUser): UserFormValues {
  return {
    name: user.name,
    email: user.email ?? '',
    phone: user.phone ?? '',
    role: isAssignableRole(user.role) ? user.role : '',
    monastery: user.monastery_id === null ? '' : String(user.monastery_id),
    password: '',
    cpassword: '',
  };
}

/** What the schema checks: the monastery only for staff. */
function requestOf(values: UserFormValues) {
  const staff = values.role === 'monastery';
  return { ...values, role: values.role || undefined, monastery: staff ? values.monastery : '' };
}

const changingPassword = (values: UserFormValues) => values.password !== '' || values.cpassword !== '';

/**
 * The checks besides the schema's: a monastery for staff, and the password pair on create or when a new
 * password is typed.
 */
export function userFormChecks(
  mode: UserFormMode,
  messages: { monasteryRequired: string },
): FormChecks<UserFormValues> {
  return {
    request: requestOf,
    refine: (values, errors) => {
      const checked = { ...errors };
      if (values.role === 'monastery' && !values.monastery && !checked.monastery) {
        checked.monastery = messages.monasteryRequired;
      }
      if (mode === 'create' || changingPassword(values)) {
        if (!checked.password && values.password.length < MIN_PASSWORD_LENGTH) {
          checked.password = PASSWORD_TOO_SHORT_MESSAGE;
        }
        if (!checked.cpassword && values.password !== values.cpassword) {
          checked.cpassword = PASSWORD_MISMATCH_MESSAGE;
        }
      }
      return checked;
    },
  };
}

/** What is sent (docs/api.md); the monastery only for staff, the password pair only when set. */
export interface UserSubmission {
  name: string;
  email: string;
  phone: string;
  role: AssignableRole;
  monastery?: number | undefined;
  password?: string | undefined;
  cpassword?: string | undefined;
}

/** The submission of values the form has checked: the contract-normalised fields. */
export function userSubmissionOf(values: UserFormValues): UserSubmission {
  const { name, email, phone, role, monastery } = userFormSchema.parse(requestOf(values));
  const withPassword = changingPassword(values);
  return {
    name,
    email,
    phone,
    role,
    monastery: role === 'monastery' ? monastery : undefined,
    password: withPassword ? values.password : undefined,
    cpassword: withPassword ? values.cpassword : undefined,
  };
}
