import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import path from 'node:path';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';

/**
 * The files `index.html` loads at once (the entry, its static imports and its styles), and the
 * toaster's, which the app loads just after its first screen (apps/web/src/app/App.tsx): all of
 * them are needed to open the app offline. From Vite's manifest.
 */
export function shellFiles(manifest: Record<string, { file: string; css?: string[]; imports?: string[] }>): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit('index.html');
  visit('src/app/AppToaster.tsx');
  return files;
}

/** Workbox manifest transform: keeps everything but the JavaScript and CSS of areas not in the shell. */
const shellOnly: ManifestTransform = (entries) => {
  const manifestPath = path.join(outDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) return { manifest: entries, warnings: ['no Vite manifest: precaching everything'] };
  const shell = shellFiles(JSON.parse(readFileSync(manifestPath, 'utf8')) as Parameters<typeof shellFiles>[0]);
  const manifest = entries.filter((e) => !/\.(js|css)$/.test(e.url) || !e.url.startsWith('assets/') || shell.has(e.url));
  return { manifest };
};

let outDir = path.resolve('dist');

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the highest
 * levels (once, at build time), for the server to send as they are. Runs after the service worker
 * is written.
 */
const precompress: Plugin = {
  name: 'owo-precompress',
  apply: 'build',
  closeBundle: {
    order: 'post',
    sequential: true,
    handler() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|webmanifest|json|txt)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const raw = readFileSync(file);
        if (raw.length < 512) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  },
};

export default defineConfig({
  plugins: [
    { name: 'owo-out-dir', configResolved: (c) => void (outDir = path.resolve(c.root, c.build.outDir)) },
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'autoUpdate',
      // An external /registerSW.js script: the server's CSP forbids inline scripts.
      injectRegister: 'script',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Owo',
        short_name: 'Owo',
        description: 'Send, pay, save and shop: your money, all in one place.',
        lang: 'en-NG',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#ffffff',
        theme_color: '#0b6e4f',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Precache the shell only (on a slow, paid connection the first visit must not download
        // every area): index.html, the entry and what it imports at once, the styles and icons.
        manifestTransforms: [shellOnly],
        navigateFallback: '/index.html',
        // Never serve API calls (or uploaded files) from the service worker, nor the operator
        // console (/console, an app of its own on the same origin).
        navigateFallbackDenylist: [/^\/api\//, /^\/console(\/|$)/],
        // Each area's code is cached when the area is first opened (file names are content hashes,
        // so a cached copy is never stale), and a visited screen then opens offline.
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'owo-areas', expiration: { maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 90 } },
          },
        ],
        cleanupOutdatedCaches: true,
        // Web Push: showing a push and opening its screen on a tap (public/push-sw.js, docs/notifications.md).
        importScripts: ['/push-sw.js'],
      },
    }),
    precompress,
  ],
  server: {
    proxy: {
      '/api': { target: process.env.API_PROXY ?? 'http://localhost:3000', changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: process.env.API_PROXY ?? 'http://localhost:3000', changeOrigin: true },
    },
  },
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries every screen runs on, in one file beside the entry rather than six
            // small ones: each file a screen loads costs a request and its headers.
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|zustand)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
