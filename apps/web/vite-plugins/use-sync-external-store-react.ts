import type { Plugin } from 'vite';

const SHIM = 'use-sync-external-store/shim';
const VIRTUAL_ID = '\0pulse-use-sync-external-store-shim';

/**
 * @lingui/react imports useSyncExternalStore from `use-sync-external-store/shim`, the package that
 * brings the hook to React before 18. Its CommonJS build carries the fallback implementation even
 * when it ends up using React's own hook, so the bundle kept both. React 19 has the hook: the
 * shim's import is answered with React's (0.2 kB gzipped less on the first load,
 * docs/decisions/047-first-load-with-languages.md).
 */
export function reactOwnSyncExternalStore(): Plugin {
  return {
    name: 'pulse-use-sync-external-store-react',
    enforce: 'pre',
    resolveId(source) {
      return source === SHIM ? VIRTUAL_ID : null;
    },
    load(id) {
      return id === VIRTUAL_ID ? "export { useSyncExternalStore } from 'react';\n" : null;
    },
  };
}
