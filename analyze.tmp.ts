import { build } from 'vite'
import { gzipSync } from 'node:zlib'
const out: Record<string, { gz: number; size: number; mods: [string, number][]; imports: string[]; dyn: string[] }> = {}
await build({
  configFile: '/work/wt-bundle/vite.config.ts',
  logLevel: 'error',
  build: { outDir: '/tmp/bundle-analyze/dist', emptyOutDir: true },
  plugins: [
    {
      name: 'dump',
      generateBundle(_o, bundle) {
        for (const [file, chunk] of Object.entries(bundle)) {
          if (chunk.type !== 'chunk') continue
          out[file] = {
            gz: gzipSync(chunk.code).length,
            size: chunk.code.length,
            mods: Object.entries(chunk.modules).map(([id, m]) => [id.replace(/.*node_modules\//, 'nm:').replace('/work/wt-bundle/', ''), m.renderedLength] as [string, number]).sort((a, b) => b[1] - a[1]),
            imports: chunk.imports,
            dyn: chunk.dynamicImports,
          }
        }
      },
    },
  ],
})
const fs = await import('node:fs')
fs.writeFileSync('/tmp/bundle-analyze/stats.json', JSON.stringify(out, null, 1))
