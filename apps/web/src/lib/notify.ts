import { useSyncExternalStore } from 'react';
import { i18n } from './i18n.ts';

interface NotifyOptions {
  /** Same id, one toast: stops double toasts when an effect runs twice (React StrictMode). */
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
 * Every toast's close button is named: Mantine leaves it an unnamed button for screen readers. The
 * notifications module is loaded on first use, its store keeps the toast until the container that the
 * first use mounts shows it; later toasts find both there.
 */
function show(color: string, message: string, options: NotifyOptions): void {
  if (!toastsWanted) {
    toastsWanted = true;
    for (const listener of listeners) listener();
  }
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({ ...options, message, color, closeButtonProps: { 'aria-label': i18n.t('close') } }),
  );
}

export function notifyError(message: string, options: NotifyOptions = {}): void {
  show('red', message, options);
}

export function notifyWarning(message: string, options: NotifyOptions = {}): void {
  show('yellow', message, options);
}

export function notifySuccess(message: string, options: NotifyOptions = {}): void {
  show('green', message, options);
}

export function notifyInfo(message: string, options: NotifyOptions = {}): void {
  show('blue', message, options);
}
