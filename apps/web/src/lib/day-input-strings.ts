import dayInput from '../locales/en/day-input.json';
import { registerStrings } from './i18n.ts';

// Imported by the date field, which only forms behind the first page use: its strings come with it.
// Awaited: the field renders once the active language's file of the namespace has arrived too.
await registerStrings('day-input', dayInput);
