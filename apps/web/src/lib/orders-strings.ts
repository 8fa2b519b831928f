import orders from '../locales/en/orders.json';
import { registerStrings } from './i18n.ts';

// Imported by every part of ordering and of the orders pages (all lazy: the Make Puja modal, the direct
// order, the patron's and the back offices' orders) and by the admin screens that name order statuses and
// wallets with its words: the namespace arrives with that code, not the first bundle. Awaited: they render
// once the active language's file of the namespace has arrived too.
await registerStrings('orders', orders);
