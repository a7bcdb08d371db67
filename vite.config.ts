// Builds the portal (two HTML entries: the app and /embedded) and defines the four test projects.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { availableParallelism } from 'node:os';
import { OFFLINE_CACHE } from './src/domain/offline.ts';

export default defineConfig({
  plugins: [
    react(),
    // Installable and readable offline (issue 40): Workbox precaches the app shell; the portal's
    // reads are fetched from the network first and from the cache when there is none. The manifest
    // is the server's (GET /v1/brand/manifest), named after the organisation.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/v1\//, /^\/embedded/],
        runtimeCaching: [
          {
            // Reads only (Workbox caches GETs); never sign-in, downloads by link or logos.
            urlPattern: /\/v1\/(?!auth\/|reports\/download|brand)/,
            handler: 'NetworkFirst',
            options: {
              cacheName: OFFLINE_CACHE,
              networkTimeoutSeconds: 10,
              expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: { main: 'index.html', embedded: 'embedded.html' },
    },
  },
  server: {
    // `npm run dev:web` talks to a server started with `npm run dev`.
    proxy: { '/v1': 'http://127.0.0.1:8080' },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine, which left a
    // core idle while each file started its database and server (CI's three runs neared 90 min).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A file whose figures follow the date, weekday or hour says so on a `@module-tag calendar`
    // line; CI runs only those again on its moved clocks (.ci/run, tests/unit/calendarMarks.test.ts).
    tags: [
      {
        name: 'calendar',
        description: 'Follows the date, weekday or hour: CI runs it again on moved clocks.',
      },
    ],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One module graph per worker, not per file: each file re-imported the whole server and
          // spent 226 of the project's 532 s importing; shared, the project took 248 s (28 Nov).
          // Every file still builds its own app and database, so no state crosses files.
          isolate: false,
          // Two files at a time on two cores: a test may take twice as long as it would alone.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/web/setup.ts'],
          // One module graph per worker, as on the server: isolated, each file imported react-admin
          // and MUI again. tests/web/setup.ts loads every screen loaded on demand first: a lazy
          // import cut off as one file ended stayed failed for the next files (28 Nov).
          isolate: false,
          // The longest screen walk took 21 s alone and over 30 s beside a server test file.
          testTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/globalSetup.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // After the other suites, two files at a time: one at a time they were the last 700 s of
          // CI's real-clock run, and two at a time took 536 s with the build (28 November).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
