// Plain JavaScript (no TypeScript): `npm start` runs it before anything is compiled (decision 107).
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { readStamp, sourceHash } from './source-hash.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const outDir = path.join(root, 'dist/web')
const stampFile = path.join(outDir, '.source-hash')
const INPUTS = [
  'src/web',
  'src/shared',
  'vite.config.ts',
  'scripts/i18n-compile.ts',
  'scripts/i18n-catalogues.ts',
  'package-lock.json',
  'tsconfig.json',
]

/** A hash of everything the web build reads, so that `npm start` rebuilds only when the sources changed. */
export const webSourceHash = () => sourceHash(root, INPUTS)

/**
 * Vite's build, in a process of its own. Vite sets `process.env.NODE_ENV` to `production` in the process it builds
 * in, and the server starts in this one right after: run here, the first start (the one that builds) would read
 * another NODE_ENV than every later start, and hide the development mailbox (decision 116). The web app is always
 * built for production, whatever NODE_ENV the server runs under.
 */
function viteBuild() {
  const viteBin = path.join(path.dirname(createRequire(path.join(root, 'package.json')).resolve('vite/package.json')), 'bin/vite.js')
  const child = spawn(process.execPath, [viteBin, 'build', '--config', path.join(root, 'vite.config.ts'), '--logLevel', 'warn'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve(undefined)
        : reject(new Error(`the web app's build failed (${signal ?? `exit code ${code}`}); its output is above`)),
    )
  })
}

/** @param {(line: string) => void} log */
export async function buildWebIfStale(log) {
  const [current, stamped] = await Promise.all([webSourceHash(), readStamp(stampFile)])
  if (current === stamped) return
  log('building the web app (sources changed since the last build)')
  await viteBuild()
  await fs.writeFile(stampFile, current)
}
