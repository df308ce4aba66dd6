// react-i18next imports useSyncExternalStore from the React 17 shim package ('use-sync-external-store/shim',
// which only forwards to React 18+): vite.config.ts points that import here, to React's own.
export { useSyncExternalStore } from 'react'
