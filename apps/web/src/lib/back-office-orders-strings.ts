import strings from '../locales/en/back-office-orders.json';
import { registerStrings } from './i18n.ts';

// Imported by the orders screens of both back offices: the namespace arrives with their lazy code.
// Awaited: the pages render once the active language's file of the namespace has arrived too.
await registerStrings('back-office-orders', strings);
