import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The operator console: an app of its own, served by the API server at /console (never loaded by
// the customer app). It shares the contracts and the customer app's UI primitives (apps/web/src/ui,
// through the `@web` alias; docs/console.md). No service worker: staff sessions are short and
// nothing of the console is kept on the device.
export default defineConfig({
  base: '/console/',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@web': path.resolve(import.meta.dirname, '../web/src') },
    // One React for the console's files and the shared primitives alike.
    dedupe: ['react', 'react-dom'],
  },
  server: {
    proxy: { '/api': { target: process.env.API_PROXY ?? 'http://localhost:3000', changeOrigin: true } },
  },
  build: { target: 'es2022', sourcemap: false },
});
