import strings from '../locales/en/back-office-orders.json';
import { registerStrings } from './i18n.ts';

// Imported by the orders screens of both back offices: the namespace arrives with their lazy code.
registerStrings('back-office-orders', strings);
