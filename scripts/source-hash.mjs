// Plain JavaScript (no TypeScript): `npm start` runs it before anything is compiled (decision 107).
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/**
 * The files at `entry`, folders walked in sorted order. Read synchronously: `npm start` waits for this and nothing else
 * before it starts the server, and a few hundred small files read one by one through the thread pool cost it three
 * times the CPU (decision 184).
 * @param {string} entry
 * @returns {string[]}
 */
function filesUnder(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false })
  if (!stat) return []
  if (stat.isFile()) return [entry]
  return fs
    .readdirSync(entry)
    .sort()
    .flatMap((child) => filesUnder(path.join(entry, child)))
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
    for (const file of filesUnder(path.join(root, input))) {
      if (file.includes('.test.')) continue
      hash.update(path.relative(root, file))
      hash.update('\0')
      hash.update(fs.readFileSync(file))
      hash.update('\0')
    }
  }
  return hash.digest('hex')
}

/** @param {string} stampFile @returns {Promise<string>} the hash the last build wrote, or '' */
export const readStamp = (stampFile) => fs.promises.readFile(stampFile, 'utf8').catch(() => '')
