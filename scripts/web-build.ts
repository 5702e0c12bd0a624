import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const outDir = path.join(root, 'dist/web')
const stampFile = path.join(outDir, '.source-hash')
const INPUTS = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json', 'tsconfig.json']

async function* files(entry: string): AsyncGenerator<string> {
  const stat = await fs.stat(entry).catch(() => undefined)
  if (!stat) return
  if (stat.isFile()) {
    yield entry
    return
  }
  for (const child of (await fs.readdir(entry)).sort()) yield* files(path.join(entry, child))
}

/** A hash of everything the web build reads, so that `npm start` rebuilds only when the sources changed. */
export async function webSourceHash(): Promise<string> {
  const hash = createHash('sha256')
  for (const input of INPUTS) {
    for await (const file of files(path.join(root, input))) {
      if (file.includes('.test.')) continue
      hash.update(path.relative(root, file))
      hash.update(await fs.readFile(file))
    }
  }
  return hash.digest('hex')
}

export async function buildWebIfStale(log: (line: string) => void): Promise<void> {
  const [current, stamped] = await Promise.all([webSourceHash(), fs.readFile(stampFile, 'utf8').catch(() => '')])
  if (current === stamped) return
  log('building the web app (sources changed since the last build)')
  const { build } = await import('vite')
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' })
  await fs.writeFile(stampFile, current)
}
