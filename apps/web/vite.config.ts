import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { serviceWorker } from './vite-plugins/service-worker';
import { linguiPlugins } from './vite-plugins/lingui';
import { reactRouterProductionBuild } from './vite-plugins/react-router-production';
import { routeModules } from './vite-plugins/route-modules';
import { reactOwnSyncExternalStore } from './vite-plugins/use-sync-external-store-react';

const API_TARGET = 'http://localhost:3000';

/**
 * Two builds: the app for the browser (dist), and, with `--ssr src/entry-server.tsx`, the module the
 * server imports to render a visitor's pages (dist-server, decision 056). The server build has no
 * service worker, no compressed twins and no chunk groups; it keeps the same CSS module class names.
 */
export default defineConfig(({ isSsrBuild }) => isSsrBuild ? serverBuild() : browserBuild());

function serverBuild(): UserConfig {
  return {
    plugins: [...linguiPlugins(), react(), reactRouterProductionBuild(), reactOwnSyncExternalStore()],
    // One file with its libraries, built for production: the server's process does not run with
    // NODE_ENV=production, and React's development build renders several times slower.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true },
    build: { outDir: 'dist-server', sourcemap: true, emptyOutDir: true },
  };
}

function browserBuild(): UserConfig {
  return {
    plugins: [
      ...linguiPlugins(),
      react(),
      reactRouterProductionBuild(),
      reactOwnSyncExternalStore(),
      serviceWorker(),
      routeModules(),
      // Brotli and gzip twins of every text file, made once at build time; the server sends the one
      // the browser accepts (docs/decisions/018-compression-and-catalogue-caching.md).
      compression({
        algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
        include: /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/,
        exclude: /\.map$/,
        threshold: 0,
      }),
    ],
    server: {
      proxy: {
        '/api': { target: API_TARGET, changeOrigin: true },
        '/uploads': { target: API_TARGET, changeOrigin: true },
        // Socket.IO upgrades to WebSocket, so the proxy must forward the upgrade too.
        '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
      },
    },
    preview: {
      proxy: {
        '/api': { target: API_TARGET, changeOrigin: true },
        '/uploads': { target: API_TARGET, changeOrigin: true },
        '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
      },
    },
    build: {
      outDir: 'dist',
      sourcemap: true,
      // The server reads it to announce a rendered page's own stylesheets and code (decision 056).
      manifest: true,
      modulePreload: {
        // Every browser the app supports has <link rel=modulepreload>: no polyfill in the first load.
        polyfill: false,
        // A lazy page's chunk brings its own imports, which the browser fetches as soon as it parses
        // it; listing every chunk's dependencies in the shell for preloading cost the first load
        // about 2.5 kB of gzipped file names. Stylesheets stay listed: the preload helper is what
        // loads a lazy chunk's CSS.
        resolveDependencies: (_file, dependencies, { hostType }) => (hostType === 'html' ? dependencies : dependencies.filter((file) => file.endsWith('.css'))),
      },
      rolldownOptions: {
        output: {
          // React, React DOM and the router are on every page and change least often: one chunk that
          // stays cached across releases. Everything else is split by the bundler along the lazy
          // routes, so a library only a later page uses (charts, number inputs, most icons) is not
          // in the first load (docs/decisions/020-first-load-budget.md).
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
              // Everything else the entry imports statically, in one file: one request, one gzip window.
              { name: 'shell', tags: ['$initial'], priority: 2 },
              // What ten or more later pages share of Mantine: one file, fetched with the first lazy page
              // and cached, instead of dozens of small files per page (/basket made 61 requests over
              // HTTP/1.1, /login 25; now about 35 and 15 for a few kB more).
              { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](core|hooks|store)[\\/]/, priority: 1, minShareCount: 10 },
            ],
          },
        },
      },
    },
  };
}
