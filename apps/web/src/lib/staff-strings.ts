import { registerStrings } from '../../lib/i18n.ts';
import monasteryDashboard from '../../locales/en/monastery-dashboard.json';

// Imported by every staff page: the namespace arrives with the lazy staff code, not the first bundle.
registerStrings('monastery-dashboard', monasteryDashboard);
