import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';

type ManifestTransform = NonNullable<NonNullable<VitePWAOptions['injectManifest']>['manifestTransforms']>[number];

/**
 * Chunks only a later page loads on demand (the seller dashboard's and wallet's charts): big, and
 * most visits never need them, so they are stored when first loaded instead of on every install.
 */
const ON_DEMAND_ONLY = /chart/i;

const leaveOutOnDemandChunks: ManifestTransform = async (entries) => ({
  manifest: entries.filter((entry) => !ON_DEMAND_ONLY.test(entry.url)),
  warnings: [],
});

/**
 * The service worker (src/sw/sw.ts) built to dist/sw.js with the precache list injected
 * (docs/decisions/019-workbox-service-worker.md). The app registers it itself
 * (src/lib/service-worker.ts); the web app manifest is written by hand (public/).
 */
export function serviceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      // The app shell: index.html, the build's scripts and styles, and the images notifications use.
      globPatterns: ['index.html', 'assets/**/*.{js,css}', 'favicon.svg', 'brand/*.svg'],
      // Source maps and the precompressed copies (.br, .gz) the server picks itself.
      globIgnores: ['**/*.map', '**/*.br', '**/*.gz'],
      manifestTransforms: [leaveOutOnDemandChunks],
    },
  });
}
