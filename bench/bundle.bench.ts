/**
 * Production bundle size of the web app: JavaScript, gzipped, that the first screen loads (the entry
 * script, its modulepreloads and everything they import statically) and what each lazy chunk adds on top of it
 * (the chunk and its static imports that the first screen does not already hold). Reads dist/web, so run
 * `npx vite build` first; `npm run bench:bundle`. Prints figures; asserts nothing. Also the two first screens against
 * their budgets (docs/performance.md): the signed-out landing (landing.html) and the signed-in home (index.html, which
 * holds the home page).
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { reportFigure } from './support.ts'

const web = fileURLToPath(new URL('../dist/web', import.meta.url))
const assets = path.join(web, 'assets')
if (!fs.existsSync(path.join(web, 'index.html'))) {
  console.error('dist/web is missing: run `npx vite build` first')
  process.exit(1)
}

/** The scripts a page's HTML loads at once: its module entry and modulepreloads. */
const scriptsOf = (page: string) =>
  [
    ...fs
      .readFileSync(path.join(web, page), 'utf8')
      .matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/assets\/([^"]+\.js)"/g),
  ].map((m) => m[1]!)
const fromHtml = scriptsOf('index.html')

const source = new Map<string, string>()
const read = (file: string) => {
  let text = source.get(file)
  if (text === undefined) {
    text = fs.readFileSync(path.join(assets, file), 'utf8')
    source.set(file, text)
  }
  return text
}
const STATIC = /(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+\.js)["'`]/g
const DYNAMIC = /\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g
const staticImports = (file: string) => [...read(file).matchAll(STATIC)].map((m) => m[1]!)
const dynamicImports = (file: string) => [...read(file).matchAll(DYNAMIC)].map((m) => m[1]!)

/** `files` and everything they import statically. */
function closure(files: string[]): Set<string> {
  const seen = new Set<string>()
  const queue = [...files]
  while (queue.length > 0) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    queue.push(...staticImports(file))
  }
  return seen
}

const gzipBytes = new Map<string, number>()
const gz = (file: string) => {
  let bytes = gzipBytes.get(file)
  if (bytes === undefined) {
    bytes = gzipSync(read(file)).length
    gzipBytes.set(file, bytes)
  }
  return bytes
}
const raw = (file: string) => Buffer.byteLength(read(file))
const sum = (files: Iterable<string>, size: (file: string) => number) => [...files].reduce((total, file) => total + size(file), 0)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
const chunkName = (file: string) => file.replace(/-[A-Za-z0-9_-]{8}\.js$/, '')

const firstScreen = closure(fromHtml)
console.log(`first screen: ${kb(sum(firstScreen, gz))} gzip (${kb(sum(firstScreen, raw))} raw) in ${firstScreen.size} files`)

// every chunk loaded on demand, found from the import() calls of everything reachable
const lazy = new Set<string>()
const visit = [...firstScreen]
const visited = new Set<string>()
while (visit.length > 0) {
  const file = visit.pop()!
  if (visited.has(file)) continue
  visited.add(file)
  for (const target of dynamicImports(file)) {
    if (!firstScreen.has(target)) lazy.add(target)
    visit.push(...closure([target]))
  }
}

const rows = [...lazy]
  .map((file) => {
    const added = [...closure([file])].filter((f) => !firstScreen.has(f))
    return { name: chunkName(file), gzip: sum(added, gz), raw: sum(added, raw), files: added.length }
  })
  .sort((a, b) => b.gzip - a.gzip)
console.log('lazy chunks (what each adds to the first screen, gzip):')
const width = Math.max(...rows.map((r) => r.name.length))
for (const row of rows) console.log(`  ${row.name.padEnd(width)}  ${kb(row.gzip).padStart(9)}  (${kb(row.raw)} raw, ${row.files} file(s))`)
const css = fs.readdirSync(assets).filter((f) => f.endsWith('.css'))
// the budgets (docs/performance.md): the signed-out landing (its own entry, landing.html) and the signed-in home (the app's first
// screen plus the home page chunk it loads at once)
// The landing is prerendered HTML whose only scripts are plain files of public/ (theme-init.js, landing-loader.js);
// the app loads once the visitor reaches for the page (decision 100). Without landing.html the app is the landing.
const landingHtml = path.join(web, 'landing.html')
const landingBytes = fs.existsSync(landingHtml)
  ? [...fs.readFileSync(landingHtml, 'utf8').matchAll(/<script[^>]*src="\/([^"]+\.js)"/g)]
      .map((m) => gzipSync(fs.readFileSync(path.join(web, m[1]!))).length)
      .reduce((total, bytes) => total + bytes, 0)
  : sum(firstScreen, gz)
await reportFigure({ measure: 'landing first-screen JavaScript, gzip', value: landingBytes / 1024, unit: 'kB', budget: 90 })
// what the landing loads once the visitor reaches for it: the app (named in its meta element) and the landing's code
const appOnLanding = fs.existsSync(landingHtml)
  ? /<meta name="hearth-app" content="\/assets\/([^"]+\.js)"/.exec(fs.readFileSync(landingHtml, 'utf8'))
  : null
const landingChunk = [...lazy].find((file) => chunkName(file) === 'landing-page')
if (appOnLanding && landingChunk) {
  const afterReach = closure([appOnLanding[1]!, landingChunk])
  console.log(
    `landing once the visitor reaches for it (the app and the landing's code): ${kb(sum(afterReach, gz))} gzip in ${afterReach.size} files`,
  )
}
// The signed-in home: index.html's scripts and modulepreloads, which hold the home page itself (decision 170), and a
// home page chunk with its static imports if it is ever made lazy again. What the home loads after its first paint or at
// first use (the mini player and the player, the outbox, the schemas with zod, what applies live updates, the theme menu's
// dropdown, dragging, the toaster) is not counted: decisions 108 and 170.
const homeChunk = [...lazy].find((file) => chunkName(file) === 'home-page')
const home = new Set([...firstScreen, ...(homeChunk ? closure([homeChunk]) : [])])
console.log('signed-in home, file by file (gzip):')
for (const file of [...home].sort((a, b) => gz(b) - gz(a)).slice(0, 12))
  console.log(`  ${chunkName(file).padEnd(width)}  ${kb(gz(file)).padStart(9)}`)
// `before`: the figure measured on 2026-11-26 on main, before decision 170 (2 cores)
await reportFigure({
  measure: 'signed-in home first-screen JavaScript, gzip',
  value: sum(home, gz) / 1024,
  unit: 'kB',
  budget: 150,
  before: 172.0,
})
console.log(`CSS: ${kb(sum(css, (f) => gzipSync(fs.readFileSync(path.join(assets, f))).length))} gzip in ${css.length} file(s)`)
