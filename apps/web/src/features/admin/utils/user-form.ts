import {
  ASSIGNABLE_ROLES,
  MIN_PASSWORD_LENGTH,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  type SessionUser,
  userFormSchema,
} from '@puja/contract';
import { type FieldErrors, fieldErrorsOfIssues } from './field-errors.ts';

/**
 * The administrator's user form (SPEC §5): name, phone (numeric), e-mail and role required; password and
 * its confirmation required on create only, and checked on edit only when a new password is typed; a
 * monastery when the role is monastery. The field rules are the contract's `userFormSchema`; the password
 * rules and their messages are the server's (contract constants), so the form says before sending what the
 * server would answer.
 */

export const USER_FIELDS = ['name', 'email', 'phone', 'role', 'monastery', 'password', 'cpassword'] as const;
export type UserField = (typeof USER_FIELDS)[number];
export type UserFormErrors = FieldErrors<UserField>;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
export type UserFormMode = 'create' | 'edit';

export interface UserFormValues {
  name: string;
  email: string;
  phone: string;
  role: AssignableRole | '';
  /** The chosen monastery's id as the select gives it; '' when none. */
  monastery: string;
  password: string;
  cpassword: string;
}

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

/** What is sent (SPEC §7); the monastery only for staff, the password pair only when set. */
export interface UserSubmission {
  name: string;
  email: string;
  phone: string;
  role: AssignableRole;
  monastery?: number | undefined;
  password?: string | undefined;
  cpassword?: string | undefined;
}

export type UserFormCheck = { ok: true; user: UserSubmission } | { ok: false; errors: UserFormErrors };

export function checkUserForm(
  values: UserFormValues,
  mode: UserFormMode,
  messages: { monasteryRequired: string },
): UserFormCheck {
  const staff = values.role === 'monastery';
  const parsed = userFormSchema.safeParse({
    ...values,
    role: values.role || undefined,
    monastery: staff ? values.monastery : '',
  });
  const errors = fieldErrorsOfIssues(parsed.error?.issues ?? [], USER_FIELDS);

  if (staff && !values.monastery && !errors.monastery) errors.monastery = messages.monasteryRequired;
  const changingPassword = values.password !== '' || values.cpassword !== '';
  if (mode === 'create' || changingPassword) {
    if (!errors.password && values.password.length < MIN_PASSWORD_LENGTH) {
      errors.password = PASSWORD_TOO_SHORT_MESSAGE;
    }
    if (!errors.cpassword && values.password !== values.cpassword) {
      errors.cpassword = PASSWORD_MISMATCH_MESSAGE;
    }
  }

  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  const { name, email, phone, role, monastery } = parsed.data;
  return {
    ok: true,
    user: {
      name,
      email,
      phone,
      role,
      monastery: staff ? monastery : undefined,
      password: changingPassword ? values.password : undefined,
      cpassword: changingPassword ? values.cpassword : undefined,
    },
  };
}
