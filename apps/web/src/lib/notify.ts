import { useSyncExternalStore } from 'react';

interface NotifyOptions {
  /**
   * Same id, one toast: a newer one replaces it, and an effect that runs twice (React StrictMode) shows one.
   */
  id?: string;
  /** A heading above the message, e.g. 'Order Placed Unsuccessful' above the server's reason. */
  title?: string;
}

/** Whether a toast was asked for yet: the toasts' container mounts then (app/providers.tsx says why). */
let toastsWanted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => toastsWanted,
    () => false,
  );
}

/**
 * Shows a toast; how long it stays is one rule, in show-toast.ts (docs/decisions/029): an error or a
 * warning until it is closed, any other note long enough to read. The toasts' module is loaded on first
 * use; its store keeps the toast until the container that the first use mounts shows it.
 */
function show(color: string, message: string, options: NotifyOptions, untilClosed = false): void {
  if (!toastsWanted) {
    toastsWanted = true;
    for (const listener of listeners) listener();
  }
  void import('./show-toast.ts').then(({ showToast }) => showToast(color, message, options, untilClosed));
}

export function notifyError(message: string, options: NotifyOptions = {}): void {
  show('red', message, options, true);
}

export function notifyWarning(message: string, options: NotifyOptions = {}): void {
  show('yellow', message, options, true);
}

export function notifySuccess(message: string, options: NotifyOptions = {}): void {
  show('green', message, options);
}

export function notifyInfo(message: string, options: NotifyOptions = {}): void {
  show('blue', message, options);
}
