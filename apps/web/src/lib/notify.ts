import { i18n } from './i18n.ts';

interface NotifyOptions {
  /** Same id, one toast: stops double toasts when an effect runs twice (React StrictMode). */
  id?: string;
  /** A heading above the message, e.g. 'Order Placed Unsuccessful' above the server's reason. */
  title?: string;
}

/**
 * Every toast's close button is named: Mantine leaves it an unnamed button for screen readers. The
 * notifications module is loaded on first use (app/providers.tsx says why); later toasts find it loaded.
 */
function show(color: string, message: string, options: NotifyOptions): void {
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
