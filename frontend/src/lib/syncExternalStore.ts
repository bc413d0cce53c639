// React 18+ has useSyncExternalStore built in; wouter imports it through the
// use-sync-external-store shim (for older Reacts), which vite.config.ts points here instead so the
// shim's fallback code stays out of the first page's JavaScript.
export { useSyncExternalStore } from 'react';
