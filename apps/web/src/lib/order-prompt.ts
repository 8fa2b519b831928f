import { useSyncExternalStore } from 'react';

/**
 * Whether the Make Puja modal is open, and for which puja at which monastery. The catalogue pages ask
 * for it without importing the orders feature; the app renders the one modal that listens here, and its
 * code loads on first use (like the login modal, see login-prompt.ts).
 */
export interface OrderOffering {
  monastery: { id: number; name: string };
  puja: { id: number; name: string };
  /** The monastery's price as the page showed it, in rupees. */
  cost: number;
}

export interface OrderPromptState {
  opened: boolean;
  offering: OrderOffering | null;
}

const CLOSED: OrderPromptState = { opened: false, offering: null };

let state: OrderPromptState = CLOSED;
const listeners = new Set<() => void>();

function setState(next: OrderPromptState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function openOrderPrompt(offering: OrderOffering): void {
  setState({ opened: true, offering });
}

/** Closes the modal; the offering stays until the next open, so the closing transition still shows it. */
export function closeOrderPrompt(): void {
  if (state.opened) setState({ ...state, opened: false });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): OrderPromptState {
  return state;
}

export function useOrderPrompt(): OrderPromptState {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** For tests: back to no modal at all. */
export function resetOrderPrompt(): void {
  setState(CLOSED);
}
