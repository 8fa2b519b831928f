import { registerStrings } from '../../lib/i18n.ts';
import infoPages from '../../locales/en/info-pages.json';

// Imported by every information page: their text arrives with them, not in the first bundle.
// Awaited: the pages render once the active language's file of the namespace has arrived too.
await registerStrings('info-pages', infoPages);
