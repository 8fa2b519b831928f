import { notifications } from '@mantine/notifications';

interface NotifyOptions {
  /** Same id, one toast: stops double toasts when an effect runs twice (React StrictMode). */
  id?: string;
  /** A heading above the message, e.g. 'Order Placed Unsuccessful' above the server's reason. */
  title?: string;
}

export function notifyError(message: string, options: NotifyOptions = {}): void {
  notifications.show({ ...options, message, color: 'red' });
}

export function notifyWarning(message: string, options: NotifyOptions = {}): void {
  notifications.show({ ...options, message, color: 'yellow' });
}

export function notifySuccess(message: string, options: NotifyOptions = {}): void {
  notifications.show({ ...options, message, color: 'green' });
}

export function notifyInfo(message: string, options: NotifyOptions = {}): void {
  notifications.show({ ...options, message, color: 'blue' });
}
