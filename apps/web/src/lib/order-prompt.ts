import type { OfferingPricing, PlanKind } from '@puja/contract';
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
  /** How it is priced: by a quantity, at the patron's amount, or at one price (docs/decisions/054). */
  pricing?: OfferingPricing | undefined;
  /** The dedication plans the monastery offers it as (docs/decisions/055, 056); none: one puja only. */
  planKinds?: PlanKind[] | undefined;
  /** The monastery's own days after a death for the 49 days (docs/decisions/059); null: the 7th … 49th. */
  planSchedule?: number[] | null | undefined;
  /** Whether its plans may be paid each (docs/decisions/058); otherwise paid whole. */
  planPayEach?: boolean | undefined;
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

/**
 * A visitor who presses Make Puja is asked to sign in first (and a new patron to say their name); the
 * offering they chose waits here, in this tab only, so the form opens again on the page they left instead
 * of making them find the puja a second time. It is kept for half an hour at most.
 */
const PENDING_KEY = 'puja:order-after-sign-in';
const PENDING_LIFETIME_MS = 30 * 60_000;

interface PendingOrder {
  offering: OrderOffering;
  /** The page (path and query) the form belongs to. */
  path: string;
  at: number;
}

export function rememberOrderAfterSignIn(offering: OrderOffering, path: string): void {
  const pending: PendingOrder = { offering, path, at: Date.now() };
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  } catch {
    // Storage refused (private mode, full): the patron finds the puja again, as before.
  }
}

export function forgetOrderAfterSignIn(): void {
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** The order waiting for its patron to sign in, unless there is none or it is too old. */
function pendingOrder(): PendingOrder | null {
  try {
    const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as PendingOrder | null;
    return pending && Date.now() - pending.at <= PENDING_LIFETIME_MS ? pending : null;
  } catch {
    return null;
  }
}

/** The page (path and query) whose order form waits for the patron to finish signing in, if any. */
export function pathOfOrderAfterSignIn(): string | null {
  return pendingOrder()?.path ?? null;
}

/**
 * Opens the form the patron chose before signing in, once they are back on its page as a patron ready to
 * order. Answers whether it did.
 */
export function resumeOrderAfterSignIn(currentPath: string): boolean {
  const pending = pendingOrder();
  if (pending?.path !== currentPath) return false;
  forgetOrderAfterSignIn();
  openOrderPrompt(pending.offering);
  return true;
}

/** For tests: back to no modal at all. */
export function resetOrderPrompt(): void {
  setState(CLOSED);
}
