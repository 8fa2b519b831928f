import { registerStrings } from '../../lib/i18n.ts';
import auth from '../../locales/en/auth.json';

// Imported by the sign-in's layout, page, modal and forms: the namespace arrives with that lazy code, not the first
// bundle. Awaited: they render once the active language's file of the namespace has arrived too.
await registerStrings('auth', auth);
