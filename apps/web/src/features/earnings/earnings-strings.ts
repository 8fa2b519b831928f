import { registerStrings } from '../../lib/i18n.ts';
import earnings from '../../locales/en/earnings.json';

// Imported by the Earnings page: the namespace arrives with that lazy code, not the first bundle.
await registerStrings('earnings', earnings);
