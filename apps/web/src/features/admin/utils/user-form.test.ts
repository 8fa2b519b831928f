import { PASSWORD_MISMATCH_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE } from '@puja/contract';
import { describe, expect, it } from 'vitest';
import { checkUserForm, EMPTY_USER_FORM, type UserFormValues } from './user-form.ts';

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

describe('checkUserForm', () => {
  it('gives what is sent: the contract-normalised fields and the password pair', () => {
    expect(checkUserForm(valid, 'create', messages)).toEqual({
      ok: true,
      user: {
        name: 'Pema Lhamo',
        email: 'pema@example.com',
        phone: '9812345678',
        role: 'user',
        monastery: undefined,
        password: 'secret1',
        cpassword: 'secret1',
      },
    });
  });

  it('requires the password pair on create only', () => {
    const withoutPassword = { ...valid, password: '', cpassword: '' };
    expect(checkUserForm(withoutPassword, 'create', messages)).toEqual({
      ok: false,
      errors: { password: PASSWORD_TOO_SHORT_MESSAGE },
    });
    const edit = checkUserForm(withoutPassword, 'edit', messages);
    expect(edit.ok && edit.user).toMatchObject({ password: undefined, cpassword: undefined });
  });

  it('checks a new password on edit like on create', () => {
    expect(checkUserForm({ ...valid, password: '', cpassword: 'secret1' }, 'edit', messages)).toEqual({
      ok: false,
      errors: { password: PASSWORD_TOO_SHORT_MESSAGE, cpassword: PASSWORD_MISMATCH_MESSAGE },
    });
  });

  it('sends the monastery for staff only, and requires it for them', () => {
    expect(checkUserForm({ ...valid, role: 'monastery' }, 'create', messages)).toEqual({
      ok: false,
      errors: { monastery: messages.monasteryRequired },
    });
    const staff = checkUserForm({ ...valid, role: 'monastery', monastery: '4' }, 'create', messages);
    expect(staff.ok && staff.user.monastery).toBe(4);
    const patron = checkUserForm({ ...valid, monastery: '4' }, 'create', messages);
    expect(patron.ok && patron.user.monastery).toBeUndefined();
  });

  it("reports every field's first problem at once", () => {
    const check = checkUserForm(EMPTY_USER_FORM, 'create', messages);
    expect(check.ok).toBe(false);
    expect(!check.ok && Object.keys(check.errors).sort()).toEqual([
      'email',
      'name',
      'password',
      'phone',
      'role',
    ]);
    expect(!check.ok && check.errors.name).toBe('Name is required.');
  });
});
