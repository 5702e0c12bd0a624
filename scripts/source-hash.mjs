// Plain JavaScript (no TypeScript): `npm start` runs it before anything is compiled (decision 107).
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

/** @param {string} entry @returns {AsyncGenerator<string>} */
async function* filesUnder(entry) {
  const stat = await fs.stat(entry).catch(() => undefined)
  if (!stat) return
  if (stat.isFile()) {
    yield entry
    return
  }
  for (const child of (await fs.readdir(entry)).sort()) yield* filesUnder(path.join(entry, child))
}

/**
 * A sha256 of the files at `inputs` (paths relative to `root`; folders are walked in sorted order), each file's path
 * and contents, skipping test files. The same sources give the same hash; any edit, addition, removal or rename
 * changes it.
 * @param {string} root
 * @param {readonly string[]} inputs
 * @returns {Promise<string>}
 */
export async function sourceHash(root, inputs) {
  const hash = createHash('sha256')
  for (const input of inputs) {
    for await (const file of filesUnder(path.join(root, input))) {
      if (file.includes('.test.')) continue
      hash.update(path.relative(root, file))
      hash.update('\0')
      hash.update(await fs.readFile(file))
      hash.update('\0')
    }
  }
  return hash.digest('hex')
}

/** @param {string} stampFile @returns {Promise<string>} the hash the last build wrote, or '' */
export const readStamp = (stampFile) => fs.readFile(stampFile, 'utf8').catch(() => '')
