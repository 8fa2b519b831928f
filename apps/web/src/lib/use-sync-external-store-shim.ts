/**
 * What `use-sync-external-store/shim` gives on React 18 and later: React's own hook. react-i18next imports
 * the shim for older Reacts; the build points it here (vite.config.ts), so the first page does not carry
 * the shim's fallback code (docs/decisions/032).
 */
export { useSyncExternalStore } from 'react';
