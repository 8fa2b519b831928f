import staff from '../locales/en/staff.json';
import { registerStrings } from './i18n.ts';

// Imported by every staff page and the back offices' layout: the namespace arrives with the lazy staff code, not the first bundle.
// Awaited: the pages render once the active language's file of the namespace has arrived too.
await registerStrings('staff', staff);
