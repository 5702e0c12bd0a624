// Plain JavaScript (no tsx): `npm start` runs it before anything is compiled (decision 107).
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { readStamp, sourceHash } from './source-hash.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const outDir = path.join(root, 'dist/web')
const stampFile = path.join(outDir, '.source-hash')
const INPUTS = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json', 'tsconfig.json']

/** A hash of everything the web build reads, so that `npm start` rebuilds only when the sources changed. */
export const webSourceHash = () => sourceHash(root, INPUTS)

/** @param {(line: string) => void} log */
export async function buildWebIfStale(log) {
  const [current, stamped] = await Promise.all([webSourceHash(), readStamp(stampFile)])
  if (current === stamped) return
  log('building the web app (sources changed since the last build)')
  const { build } = await import('vite')
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' })
  await fs.writeFile(stampFile, current)
}
