import admin from '../locales/en/admin.json';
import { registerStrings } from './i18n.ts';

// Imported by every admin page: the namespace arrives with the lazy admin code, not the first bundle.
registerStrings('admin', admin);
