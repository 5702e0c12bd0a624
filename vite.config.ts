import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const root = fileURLToPath(new URL('./src/web', import.meta.url))

export default defineConfig({
  root,
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  plugins: [react(), tailwindcss()],
  // zod without its `new Function` probe, which the CSP reports as a violation (src/web/lib/zod-jitless.ts)
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/web/lib/zod-jitless.ts', import.meta.url)) }] },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // The build is what `npm start` serves: no source maps, so the running app does not hand out its sources with
    // their comments. The dev server (`vite`) still maps everything for debugging.
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', ws: true },
      '/dev': 'http://localhost:3000',
    },
  },
})
