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

/** The shortest time a note that closes by itself stays: long enough to find it and read a few words. */
export const MIN_READING_MS = 5000;
/** Added per character of the title and message: about a slow reader's pace (docs/decisions/029). */
export const READING_MS_PER_CHARACTER = 60;

/**
 * How long a note that closes by itself stays: time to find it and read it, longer for longer text. It is
 * the one rule for toasts (docs/decisions/029), with this: an error or a warning says something went wrong
 * or needs doing, so it stays until the person closes it.
 */
export function readingTime(text: string): number {
  return MIN_READING_MS + READING_MS_PER_CHARACTER * Array.from(text).length;
}

/**
 * Every toast's close button is named: Mantine leaves it an unnamed button for screen readers. The
 * notifications module is loaded on first use, its store keeps the toast until the container that the
 * first use mounts shows it; later toasts find both there.
 */
function show(color: string, message: string, options: NotifyOptions, untilClosed = false): void {
  if (!toastsWanted) {
    toastsWanted = true;
    for (const listener of listeners) listener();
  }
  const autoClose = untilClosed ? false : readingTime(`${options.title ?? ''}${message}`);
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      ...options,
      message,
      color,
      autoClose,
      closeButtonProps: { 'aria-label': i18n.t('close') },
    }),
  );
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
