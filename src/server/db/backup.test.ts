import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { backupDataDir, backupFileName, pruneBackups } from './backup.ts'

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-backups-'))
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

describe('pruneBackups', () => {
  it('deletes the backups older than the days kept and the leftovers of one cut off a day ago, and nothing else', async () => {
    const now = new Date('2026-11-26T03:30:00Z')
    const day = 24 * 60 * 60 * 1000
    const write = async (name: string, daysAgo: number) => {
      const file = path.join(dir, name)
      await fs.writeFile(file, '')
      const at = new Date(now.getTime() - daysAgo * day)
      await fs.utimes(file, at, at)
    }
    await write(backupFileName(new Date(now.getTime() - 15 * day)), 15)
    await write(backupFileName(new Date(now.getTime() - 13 * day)), 13)
    await write(backupFileName(now), 0)
    await write('notes.txt', 30)
    // a backup cut off two days ago, and one under way
    await write(`${backupFileName(new Date(now.getTime() - 2 * day))}.partial`, 2)
    await write(`${backupFileName(now)}.partial`, 0)
    expect(await pruneBackups(dir, 14, now)).toBe(1)
    expect((await fs.readdir(dir)).sort()).toEqual([
      'hearth-backup-2026-11-13T03-30-00Z.tar.gz',
      'hearth-backup-2026-11-26T03-30-00Z.tar.gz',
      'hearth-backup-2026-11-26T03-30-00Z.tar.gz.partial',
      'notes.txt',
    ])
  })
})

describe('backupDataDir', () => {
  it('writes every file and folder of a backup private from its first byte, in a BACKUP_DIR open to all', async () => {
    const dataDir = path.join(dir, 'modes-data')
    const backupDir = path.join(dir, 'modes-backups')
    await fs.mkdir(path.join(dataDir, 'media'), { recursive: true })
    await fs.mkdir(backupDir, { mode: 0o755 })
    await fs.chmod(backupDir, 0o755)
    await fs.writeFile(path.join(dataDir, 'secrets.json'), '{}', { mode: 0o600 })
    // random bytes, which gzip cannot shrink: the backup takes long enough to be watched while it is written
    await fs.writeFile(path.join(dataDir, 'media', 'recording.webm'), randomBytes(24 * 1024 * 1024))
    const file = path.join(backupDir, backupFileName(new Date()))

    // everything in BACKUP_DIR, as often as it can be looked at, until the backup is done
    const seen = new Map<string, Set<string>>()
    let done = false
    const watch = async () => {
      while (!done) {
        const entries = await fs.readdir(backupDir, { recursive: true }).catch(() => [] as string[])
        for (const entry of entries) {
          const stat = await fs.lstat(path.join(backupDir, entry)).catch(() => null)
          if (!stat) continue
          const modes = seen.get(entry) ?? new Set<string>()
          modes.add((stat.mode & 0o777).toString(8))
          seen.set(entry, modes)
        }
        await new Promise((resolve) => setImmediate(resolve))
      }
    }
    const watching = watch()
    await backupDataDir({
      dataDir,
      file,
      listMediaKeys: async function* () {
        yield { key: 'ab/recording.webm' }
      },
    })
    done = true
    await watching

    const name = path.basename(file)
    // it was seen while written: its file under way, and the folder where its extra files wait
    expect([...seen.keys()]).toEqual(expect.arrayContaining([`${name}.partial`, `${name}.staging`]))
    for (const [entry, modes] of seen) {
      const folder = entry.endsWith('.staging')
      expect({ entry, modes: [...modes] }).toEqual({ entry, modes: [folder ? '700' : '600'] })
    }
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600)
    expect(await fs.readdir(backupDir)).toEqual([name])
  }, 60_000)
})
