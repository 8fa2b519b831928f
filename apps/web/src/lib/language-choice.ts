import { type Language, type SessionUser, updateLanguageEndpoint } from '@puja/contract';
import { callEndpoint } from './endpoint-client.ts';
import { activateLanguage, i18n } from './i18n.ts';
import { readLanguageCookie, writeLanguageCookie } from './language.ts';
import { notifyError } from './notify.ts';
import { getSession, updateUser } from './session.ts';

/** Keeps the language on the signed-in person's account, for their SMS and e-mail and their next device. */
async function storeOnAccount(language: Language): Promise<void> {
  try {
    const { user } = await callEndpoint(updateLanguageEndpoint, { body: { language } });
    updateUser(user);
  } catch {
    notifyError(i18n.t('language.saveFailed'));
  }
}

/**
 * The person picked a language in the top bar: the interface changes once its strings have arrived, the
 * browser remembers it (the `lang` cookie), and so does their account when they are signed in.
 * `onSwitched` runs once the interface is in the new language (the top bar then moves to its address).
 */
export async function chooseLanguage(language: Language, onSwitched?: () => void): Promise<void> {
  writeLanguageCookie(language);
  await activateLanguage(language);
  onSwitched?.();
  if (getSession().token) await storeOnAccount(language);
}

/**
 * After a sign-in the account's language wins, and the browser remembers it. An account that has none yet
 * takes the one this browser remembers (chosen here, or guessed as other than English), so the SMS and
 * e-mail follow it too.
 */
export async function adoptAccountLanguage(user: SessionUser): Promise<void> {
  if (user.language) {
    writeLanguageCookie(user.language);
    await activateLanguage(user.language);
    return;
  }
  const remembered = typeof document === 'undefined' ? null : readLanguageCookie(document.cookie);
  if (remembered) await storeOnAccount(remembered);
}
