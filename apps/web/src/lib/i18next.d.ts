import 'i18next';
import type { defaultNS, LazyResources, resources } from './i18n.ts';

// Typed keys: a missing or misspelt translation key is a compile error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: (typeof resources)['en'] & LazyResources;
  }
}
