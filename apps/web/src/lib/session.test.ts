import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  getSession,
  SESSION_STORAGE_KEY,
  SIGNED_OUT,
  sessionEnding,
  sessionLabel,
  signIn,
  signOut,
  updateUser,
  useSession,
} from './session.ts';

const patron = {
  id: 3,
  name: 'Demo Patron',
  email: 'patron@example.com',
  phone: '+9779800000003',
  role: 'user',
  monastery_id: null,
} as const;

function stored(): unknown {
  return JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');
}

describe('session store', () => {
  it('starts signed out', () => {
    expect(getSession()).toEqual(SIGNED_OUT);
  });

  it('keeps the whole state under one key and the token under "token" (docs/product.md#sessions)', () => {
    signIn({ token: 'tok-1', user: patron });

    const expected = {
      token: 'tok-1',
      user_id: 3,
      email: 'patron@example.com',
      name: 'Demo Patron',
      phone: '+9779800000003',
      role: 'user',
      monastery_id: null,
      email_notices: true,
      currency: null,
      reminder_channel: 'sms',
      time_zone: null,
    };
    expect(getSession()).toEqual(expected);
    expect(stored()).toEqual(expected);
    expect(window.localStorage.getItem('token')).toBe('tok-1');
  });

  it('survives a reload: the state is read back from storage', () => {
    window.localStorage.setItem('token', 'tok-2');
    window.localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ ...SIGNED_OUT, token: 'tok-2', user_id: 9, name: 'Pema Sherpa', role: 'monastery' }),
    );
    expect(getSession()).toMatchObject({
      token: 'tok-2',
      user_id: 9,
      name: 'Pema Sherpa',
      role: 'monastery',
    });
  });

  it('treats a token without a matching stored user as signed in, role not yet known', () => {
    window.localStorage.setItem('token', 'only-token');
    expect(getSession()).toEqual({ ...SIGNED_OUT, token: 'only-token' });

    window.localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ ...SIGNED_OUT, token: 'other', role: 'admin' }),
    );
    expect(getSession()).toEqual({ ...SIGNED_OUT, token: 'only-token' });

    window.localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(getSession()).toEqual({ ...SIGNED_OUT, token: 'only-token' });
  });

  it('is signed out without a token, whatever else is stored', () => {
    window.localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ ...SIGNED_OUT, token: 'x', role: 'admin' }),
    );
    expect(getSession()).toEqual(SIGNED_OUT);
  });

  it('refills the user from a user object, keeping the token', () => {
    signIn({ token: 'tok-3', user: { ...patron, name: '' } });
    updateUser({ ...patron, name: 'Tenzin Norbu', email: 'tenzin@example.com' });

    expect(getSession()).toMatchObject({ token: 'tok-3', name: 'Tenzin Norbu', email: 'tenzin@example.com' });
    expect(stored()).toMatchObject({ token: 'tok-3', name: 'Tenzin Norbu' });
  });

  it('does not sign anyone in when updating without a session', () => {
    updateUser(patron);
    expect(getSession()).toEqual(SIGNED_OUT);
  });

  it('logout clears both keys and remembers why, until a new sign-in', () => {
    signIn({ token: 'tok-4', user: patron });
    signOut();

    expect(getSession()).toEqual(SIGNED_OUT);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(sessionEnding()).toBe('signed-out');

    signIn({ token: 'tok-5', user: patron });
    expect(sessionEnding()).toBeNull();
  });

  it('re-renders its readers on every change, and on changes from another tab', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.token).toBeNull();

    act(() => signIn({ token: 'tok-6', user: patron }));
    expect(result.current.name).toBe('Demo Patron');

    act(() => {
      window.localStorage.removeItem('token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    });
    expect(result.current).toEqual(SIGNED_OUT);
  });

  it('labels the person by name, else by phone', () => {
    expect(sessionLabel({ ...SIGNED_OUT, token: 't', name: 'Demo Patron', phone: '+977' })).toBe(
      'Demo Patron',
    );
    expect(sessionLabel({ ...SIGNED_OUT, token: 't', name: '', phone: '+9779812345670' })).toBe(
      '+9779812345670',
    );
  });
});
