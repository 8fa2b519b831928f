import {
  type DisplayCurrency,
  isDisplayCurrency,
  type LoginResponse,
  REMINDER_CHANNELS,
  type ReminderChannel,
  ROLES,
  type Role,
  type SessionUser,
  TOKEN_STORAGE_KEY,
} from '@puja/contract';
import { useSyncExternalStore } from 'react';

/**
 * The client's session: who is signed in, kept in local storage so it survives a reload. The
 * whole state lives under one key; the token is also kept under 'token', where the api-client reads it.
 * Storage is the source of truth: another tab signing in or out shows up here through the `storage` event.
 */
export interface SessionState {
  token: string | null;
  user_id: number | null;
  email: string | null;
  name: string | null;
  phone: string | null;
  role: Role | null;
  monastery_id: number | null;
  /** Whether order notices also come by e-mail (docs/decisions/019); null when not known (signed out). */
  email_notices: boolean | null;
  /** The currency the account shows beside prices (docs/decisions/020), null until chosen. */
  currency: DisplayCurrency | null;
  /** How the person is reminded the day before a puja (docs/decisions/038); null when not known. */
  reminder_channel: ReminderChannel | null;
  /** The time zone the person's reminders also use, null until their browser gave one. */
  time_zone: string | null;
}

export const SESSION_STORAGE_KEY = 'session';

export const SIGNED_OUT: SessionState = Object.freeze({
  token: null,
  user_id: null,
  email: null,
  name: null,
  phone: null,
  role: null,
  monastery_id: null,
  email_notices: null,
  currency: null,
  reminder_channel: null,
  time_zone: null,
});

/**
 * How the last session in this tab ended, until the next page: a guard then redirects without its own
 * 'Unauthorized' toast, because the ending already told the person what happened.
 */
export type SessionEnding = 'signed-out' | 'expired';

// Storage can throw (disabled cookies, some private modes): then the session lasts as long as the tab.
const memoryFallback = new Map<string, string>();

function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return memoryFallback.get(key) ?? null;
  }
}

function writeItem(key: string, value: string | null): void {
  if (value === null) memoryFallback.delete(key);
  else memoryFallback.set(key, value);
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Kept in memory only, see above.
  }
}

const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);
const isStringOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';
const isIdOrNull = (value: unknown): value is number | null => value === null || Number.isInteger(value);

/**
 * The user part of a stored state, if it is whole. Checked by hand rather than with the contract's
 * `sessionUserSchema`: that module also holds the sign-in request rules, whose phone-number metadata
 * would otherwise ride in the first bundle of every visitor.
 */
function toUser(state: Partial<Record<keyof SessionState, unknown>>): SessionUser | null {
  const {
    user_id,
    name,
    email,
    phone,
    role,
    monastery_id,
    currency,
    email_notices,
    reminder_channel,
    time_zone,
  } = state;
  if (!Number.isInteger(user_id) || typeof name !== 'string' || !isRole(role)) return null;
  if (!isStringOrNull(email) || !isStringOrNull(phone) || !isIdOrNull(monastery_id)) return null;
  // Stored before the choice existed: the server's default (on) until it answers.
  const emailNotices = typeof email_notices === 'boolean' ? email_notices : true;
  return {
    id: user_id as number,
    name,
    email,
    phone,
    role,
    monastery_id,
    email_notices: emailNotices,
    // Stored before the currency existed: none chosen.
    currency: isDisplayCurrency(currency) ? currency : null,
    // Stored before reminders existed: the server's default until it answers.
    reminder_channel: REMINDER_CHANNELS.includes(reminder_channel as ReminderChannel)
      ? (reminder_channel as ReminderChannel)
      : 'sms',
    time_zone: typeof time_zone === 'string' ? time_zone : null,
  };
}

function fromUser(token: string, user: SessionUser): SessionState {
  return {
    token,
    user_id: user.id,
    email: user.email,
    name: user.name,
    phone: user.phone,
    role: user.role,
    monastery_id: user.monastery_id,
    email_notices: user.email_notices ?? true,
    currency: user.currency ?? null,
    reminder_channel: user.reminder_channel ?? 'sms',
    time_zone: user.time_zone ?? null,
  };
}

/**
 * The state from its two keys. A token without a matching stored user (written by an older version, or
 * edited by hand) still counts as signed in; the user arrives from the server's `getMe` answer.
 */
function parseStoredSession(token: string | null, stored: string | null): SessionState {
  if (!token) return SIGNED_OUT;
  try {
    const state: unknown = JSON.parse(stored ?? 'null');
    const user =
      state && typeof state === 'object' && (state as SessionState).token === token
        ? toUser(state as SessionState)
        : null;
    if (user) return fromUser(token, user);
  } catch {
    // Unreadable: fall through to the token alone.
  }
  return { ...SIGNED_OUT, token };
}

let cached: { token: string | null; stored: string | null; state: SessionState } | null = null;
let ending: SessionEnding | null = null;
const listeners = new Set<() => void>();

/** The current session; the same object until something changes, as useSyncExternalStore needs. */
export function getSession(): SessionState {
  const token = readItem(TOKEN_STORAGE_KEY) || null;
  const stored = readItem(SESSION_STORAGE_KEY);
  if (cached?.token !== token || cached.stored !== stored) {
    cached = { token, stored, state: parseStoredSession(token, stored) };
  }
  return cached.state;
}

function emitChange(): void {
  for (const listener of listeners) listener();
}

function saveSession(state: SessionState): void {
  writeItem(TOKEN_STORAGE_KEY, state.token);
  writeItem(SESSION_STORAGE_KEY, state.token ? JSON.stringify(state) : null);
  emitChange();
}

/** Login success: fills the session and stores the token for later calls. */
export function signIn(response: LoginResponse): void {
  ending = null;
  saveSession(fromUser(response.token, response.user));
}

/** Refills the session from a user object the server sent back (own details updated, `getMe`). */
export function updateUser(user: SessionUser): void {
  const { token } = getSession();
  if (token) saveSession(fromUser(token, user));
}

/** Clears the session and the stored token. */
export function signOut(reason: SessionEnding = 'signed-out'): void {
  ending = reason;
  saveSession(SIGNED_OUT);
}

/** How the last session ended, while the page it ended on is still being left; see SessionEnding. */
export function sessionEnding(): SessionEnding | null {
  return ending;
}

/** Called once the app has moved on from the page where the session ended. */
export function forgetSessionEnding(): void {
  ending = null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_STORAGE_KEY || event.key === SESSION_STORAGE_KEY) {
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * A server-rendered page shows what a visitor sees: the server cannot read this browser's storage. So the
 * first (hydrating) render is signed out too, and React renders the stored session right after.
 */
const getServerSession = (): SessionState => SIGNED_OUT;

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession, getServerSession);
}

/** What the top bars call the signed-in person: the name, or the phone if no name is set. */
export function sessionLabel(session: SessionState): string {
  return session.name?.trim() || session.phone || session.email || '';
}
