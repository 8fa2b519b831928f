import { useSyncExternalStore } from 'react';

/**
 * Whether the login modal is open, and with which message. Any feature can ask for a sign-in (Sign Up on
 * the home page, Make Puja on the catalogue pages) without importing the auth feature; the app renders
 * the one modal that listens here.
 */
export interface LoginPromptState {
  opened: boolean;
  error: string | null;
  /** The page to continue on after signing in (a patron's; staff go to their dashboards). */
  redirectTo: string | null;
}

const CLOSED: LoginPromptState = { opened: false, error: null, redirectTo: null };

let state: LoginPromptState = CLOSED;
const listeners = new Set<() => void>();

function setState(next: LoginPromptState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function openLoginPrompt(options: { error?: string; redirectTo?: string } = {}): void {
  setState({ opened: true, error: options.error ?? null, redirectTo: options.redirectTo ?? null });
}

export function closeLoginPrompt(): void {
  setState(CLOSED);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): LoginPromptState {
  return state;
}

export function useLoginPrompt(): LoginPromptState {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
