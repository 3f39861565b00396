import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_TARGET = 'http://localhost:3000';

/** @mantine/charts and what recharts brings: needed by the seller dashboard and wallet only. */
const CHART_MODULES =
  /node_modules[\\/](@mantine[\\/]charts|recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|react-redux|redux|redux-thunk|reselect|immer|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant|use-sync-external-store|react-is)[\\/]/;

export default defineConfig({
  plugins: [react()],
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
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
            { name: 'mantine', test: (id) => /node_modules[\\/]@mantine[\\/]/.test(id) && !CHART_MODULES.test(id), priority: 2 },
            { name: 'vendor', test: (id) => /node_modules[\\/]/.test(id) && !CHART_MODULES.test(id), priority: 1 },
            // Last, so React and Mantine (which the charts use) stay in their own chunks: only the
            // seller pages load this one.
            { name: 'charts', test: CHART_MODULES, priority: 0 },
          ],
        },
      },
    },
  },
});
