import { notifications } from '@mantine/notifications';
import { i18n } from './i18n.ts';

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

export interface ToastOptions {
  id?: string | undefined;
  title?: string | undefined;
}

/**
 * Shows a toast (lib/notify.ts loads this module with the first one). A toast with the id of one still
 * on screen replaces it: errors stay until closed, and the newest reason is the one to read ('Order
 * Placed Unsuccessful' a second time, for another reason). Every close button is named: Mantine leaves it
 * an unnamed button for screen readers.
 */
export function showToast(color: string, message: string, options: ToastOptions, untilClosed: boolean): void {
  if (options.id) notifications.hide(options.id);
  // An error stays until it is closed or put right: a success says the person got past it, so the errors
  // still on screen go (an error left over the header would also hide its menu).
  if (color === 'green') {
    for (const id of errorsOnScreen) notifications.hide(id);
    errorsOnScreen.clear();
  }
  const id = notifications.show({
    ...options,
    message,
    color,
    autoClose: untilClosed ? false : readingTime(`${options.title ?? ''}${message}`),
    closeButtonProps: { 'aria-label': i18n.t('close') },
  });
  if (untilClosed) errorsOnScreen.add(id);
}

/** The toasts that stay until closed, shown since the last success (one closed already hides harmlessly). */
const errorsOnScreen = new Set<string>();
