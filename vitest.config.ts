import { defineConfig } from 'vitest/config'
import { compiledCatalogues } from './scripts/i18n-compile.ts'

export default defineConfig({
  // the web app's catalogues as the app gets them: compiled to ASTs (decision 229)
  plugins: [compiledCatalogues()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/shared/**/*.test.ts',
            'src/server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'docs/**/*.test.ts',
            'eslint.config.test.ts',
          ],
          exclude: ['src/**/*.int.test.ts'],
          environment: 'node',
          setupFiles: ['./src/test-setup/unit.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test-setup/unit.ts', './src/test-setup/web.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['src/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['./src/server/test/global-setup.ts'],
          setupFiles: ['./src/test-setup/unit.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // two files at once even on a two-core machine: most of a file's time is spent waiting on PostgreSQL,
          // ffmpeg and sockets, not on this process (about 40 % less time than one at a time)
          maxWorkers: 2,
        },
      },
    ],
  },
})
