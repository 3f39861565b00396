import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * React Router's package.json sends every import of `react-router` to its development build, also
 * in production builds (remix-run/react-router#12532, #14102: "intended to be temporary"). The
 * package ships a production build beside it, the same code with ENABLE_DEV_WARNINGS false, so its
 * development warnings and their texts drop out: this sends the app's production build there
 * (0.6 kB gzipped less on the first load, docs/decisions/047-first-load-with-languages.md). The dev
 * server and the tests keep the development build and its warnings.
 */
export function reactRouterProductionBuild(): Plugin {
  // The package's CommonJS entry is dist/development/index.js; the production ES module is its twin.
  const developmentEntry = createRequire(import.meta.url).resolve('react-router');
  const productionEntry = resolve(dirname(developmentEntry), '../production/index.mjs');
  return {
    name: 'pulse-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === 'react-router' ? productionEntry : null;
    },
  };
}
