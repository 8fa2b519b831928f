import { registerStrings } from '../../lib/i18n.ts';
import admin from '../../locales/en/admin.json';

// Imported by every admin page: the namespace arrives with the lazy admin code, not the first bundle.
registerStrings('admin', admin);
