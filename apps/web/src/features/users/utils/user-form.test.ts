import { PASSWORD_MISMATCH_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE, userFormSchema } from '@puja/contract';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../../lib/contract-form.ts';
import {
  EMPTY_USER_FORM,
  type UserFormMode,
  type UserFormValues,
  userFormChecks,
  userSubmissionOf,
} from './user-form.ts';

const messages = { monasteryRequired: 'Choose the monastery this staff member belongs to.' };
const valid: UserFormValues = {
  name: 'Pema Lhamo',
  email: ' Pema@Example.com ',
  phone: '9812345678',
  role: 'user',
  monastery: '',
  password: 'secret1',
  cpassword: 'secret1',
};

/** The messages the form shows before sending ({} when it sends). */
function check(values: UserFormValues, mode: UserFormMode) {
  return checkForm(userFormSchema, values, userFormChecks(mode, messages));
}

describe('the user form', () => {
  it('gives what is sent: the contract-normalised fields and the password pair', () => {
    expect(check(valid, 'create')).toEqual({});
    expect(userSubmissionOf(valid)).toEqual({
      name: 'Pema Lhamo',
      email: 'pema@example.com',
      phone: '9812345678',
      role: 'user',
      monastery: undefined,
      password: 'secret1',
      cpassword: 'secret1',
    });
  });

  it('requires the password pair on create only', () => {
    const withoutPassword = { ...valid, password: '', cpassword: '' };
    expect(check(withoutPassword, 'create')).toEqual({ password: PASSWORD_TOO_SHORT_MESSAGE });
    expect(check(withoutPassword, 'edit')).toEqual({});
    expect(userSubmissionOf(withoutPassword)).toMatchObject({ password: undefined, cpassword: undefined });
  });

  it('checks a new password on edit like on create', () => {
    expect(check({ ...valid, password: '', cpassword: 'secret1' }, 'edit')).toEqual({
      password: PASSWORD_TOO_SHORT_MESSAGE,
      cpassword: PASSWORD_MISMATCH_MESSAGE,
    });
  });

  it('sends the monastery for staff only, and requires it for them', () => {
    expect(check({ ...valid, role: 'monastery' }, 'create')).toEqual({
      monastery: messages.monasteryRequired,
    });
    const staff = { ...valid, role: 'monastery', monastery: '4' } as const;
    expect(check(staff, 'create')).toEqual({});
    expect(userSubmissionOf(staff).monastery).toBe(4);
    const patron = { ...valid, monastery: '4' };
    expect(check(patron, 'create')).toEqual({});
    expect(userSubmissionOf(patron).monastery).toBeUndefined();
  });

  it("reports every field's first problem at once", () => {
    const errors = check(EMPTY_USER_FORM, 'create');
    expect(Object.keys(errors).sort()).toEqual(['email', 'name', 'password', 'phone', 'role']);
    expect(errors.name).toBe('Name is required.');
    expect(errors.phone).toBe('Phone is required.');
  });
});
