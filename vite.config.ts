// Builds the portal (two HTML entries: the app and /embedded) and defines the four test projects.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';

export default defineConfig({
  plugins: [react()],
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
