import { registerStrings } from '../../lib/i18n.ts';
import account from '../../locales/en/account.json';

// Imported by every part of one's own account (settings, the first sign-in's questions, the back office's own
// account): the namespace arrives with those lazy pages, not the first bundle. Awaited: they render once the
// active language's file of the namespace has arrived too.
await registerStrings('account', account);
