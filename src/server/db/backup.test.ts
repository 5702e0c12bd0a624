import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { backupDataDir, backupFileName, preMigrationBackupName, pruneBackups, prunePreMigrationBackups } from './backup.ts'

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

describe('the backups taken before migrating', () => {
  it('are named for the first migration they come before, and only the newest three are kept, apart from the scheduled ones', async () => {
    const folder = await fs.mkdtemp(path.join(dir, 'before-'))
    const now = new Date('2026-12-07T20:30:00Z')
    const hour = 60 * 60 * 1000
    expect(preMigrationBackupName('0032_profile_language', now)).toBe('hearth-before-0032-2026-12-07T20-30-00Z.tar.gz')
    const write = async (name: string, hoursAgo: number) => {
      await fs.writeFile(path.join(folder, name), '')
      const at = new Date(now.getTime() - hoursAgo * hour)
      await fs.utimes(path.join(folder, name), at, at)
    }
    const taken = [5, 4, 3, 2].map((hoursAgo, index) => preMigrationBackupName(`003${index}_x`, new Date(now.getTime() - hoursAgo * hour)))
    for (const [index, name] of taken.entries()) await write(name, 5 - index)
    // a scheduled backup older than all of them, and what a pre-migration backup cut off left
    await write(backupFileName(new Date(now.getTime() - 48 * hour)), 48)
    await write(`${preMigrationBackupName('0033_y', now)}.partial`, 0)

    expect(await prunePreMigrationBackups(folder)).toEqual([taken[0], `${preMigrationBackupName('0033_y', now)}.partial`])
    expect((await fs.readdir(folder)).sort()).toEqual(['hearth-backup-2026-12-05T20-30-00Z.tar.gz', ...taken.slice(1)].sort())
    // and the scheduled pruning, however few days it keeps, leaves them
    expect(await pruneBackups(folder, 1, new Date(now.getTime() + 10 * 24 * hour))).toBe(1)
    expect((await fs.readdir(folder)).sort()).toEqual(taken.slice(1).sort())
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
