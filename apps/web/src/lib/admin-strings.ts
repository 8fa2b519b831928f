import admin from '../locales/en/admin.json';
import { registerStrings } from './i18n.ts';

// Imported by every admin page: the namespace arrives with the lazy admin code, not the first bundle.
// Awaited: the pages render once the active language's file of the namespace has arrived too.
await registerStrings('admin', admin);
