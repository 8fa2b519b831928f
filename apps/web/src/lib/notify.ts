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
 * The one rule for how long a toast stays (docs/decisions/029): an error or a warning says something went
 * wrong or needs doing, so it stays until the person closes it (or the form it belongs to is corrected);
 * a success or an information closes by itself once there was time to read it, longer for longer text.
 */
export function toastLifetime(tone: 'error' | 'warning' | 'success' | 'info', text: string): number | false {
  if (tone === 'error' || tone === 'warning') return false;
  return MIN_READING_MS + READING_MS_PER_CHARACTER * Array.from(text).length;
}

const COLORS = { error: 'red', warning: 'yellow', success: 'green', info: 'blue' } as const;

/**
 * Every toast's close button is named: Mantine leaves it an unnamed button for screen readers. The
 * notifications module is loaded on first use, its store keeps the toast until the container that the
 * first use mounts shows it; later toasts find both there.
 */
function show(tone: keyof typeof COLORS, message: string, options: NotifyOptions): void {
  if (!toastsWanted) {
    toastsWanted = true;
    for (const listener of listeners) listener();
  }
  const autoClose = toastLifetime(tone, `${options.title ?? ''}${message}`);
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      ...options,
      message,
      color: COLORS[tone],
      autoClose,
      closeButtonProps: { 'aria-label': i18n.t('close') },
    }),
  );
}

/** Closes the toast shown with `id`, once what it asked for is done (a corrected field, a retry that worked). */
export function dismissToast(id: string): void {
  if (!toastsWanted) return;
  void import('@mantine/notifications').then(({ notifications }) => notifications.hide(id));
}

export function notifyError(message: string, options: NotifyOptions = {}): void {
  show('error', message, options);
}

export function notifyWarning(message: string, options: NotifyOptions = {}): void {
  show('warning', message, options);
}

export function notifySuccess(message: string, options: NotifyOptions = {}): void {
  show('success', message, options);
}

export function notifyInfo(message: string, options: NotifyOptions = {}): void {
  show('info', message, options);
}
