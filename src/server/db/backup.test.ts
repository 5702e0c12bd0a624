import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { backupFileName, pruneBackups } from './backup.ts'

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
