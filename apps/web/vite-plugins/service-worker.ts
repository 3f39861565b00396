import { VitePWA } from 'vite-plugin-pwa';

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
      // Every chunk, the charts' included: they are small HTML bars now (decision 069), no library left out.
      globIgnores: ['**/*.map', '**/*.br', '**/*.gz'],
    },
  });
}
