import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestApp } from '#server/test/test-app.ts'

// The scheduled backup (decision 161): a row with its cron in pg-boss's schedule, a file in BACKUP_DIR when it runs,
// and the backups older than BACKUP_KEEP_DAYS gone. (The online copy of a running cluster: backup.int.test.ts.)
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-int-backup-job-'))
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }))
const backupDir = path.join(dataDir, 'backups')
await fs.mkdir(path.join(dataDir, 'media', 'someone'), { recursive: true })
await fs.writeFile(path.join(dataDir, 'media', 'someone', 'recording.webm'), 'audio')
await fs.writeFile(path.join(dataDir, 'secrets.json'), '{}')
await fs.mkdir(backupDir)
const OLD = 'hearth-backup-2026-10-01T03-30-00Z.tar.gz'
await fs.writeFile(path.join(backupDir, OLD), '')
const longAgo = new Date(Date.now() - 20 * 24 * 60 * 60 * 1000)
await fs.utimes(path.join(backupDir, OLD), longAgo, longAgo)

const { app, pool } = await createTestApp({ DATA_DIR: dataDir, BACKUP_SCHEDULE: '15 2 * * *', BACKUP_KEEP_DAYS: '14' })

describe('the scheduled backup', () => {
  it('is scheduled by BACKUP_SCHEDULE, writes DATA_DIR into BACKUP_DIR and removes the backups past BACKUP_KEEP_DAYS', async () => {
    const { rows } = await pool.query<{ cron: string }>(`SELECT cron FROM pgboss.schedule WHERE name = 'backup'`)
    expect(rows).toEqual([{ cron: '15 2 * * *' }])

    await app.jobs.enqueue(null, 'backup', {})
    const backups = async () => (await fs.readdir(backupDir)).filter((name) => name.endsWith('.tar.gz'))
    // the new backup, then the prune of the old one
    await expect.poll(async () => (await backups()).filter((name) => name !== OLD), { timeout: 20_000 }).toHaveLength(1)
    await expect.poll(backups).not.toContain(OLD)
    const [file = ''] = await backups()
    expect(file).toMatch(/^hearth-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/)
    expect((await fs.stat(path.join(backupDir, file))).mode & 0o777).toBe(0o600)
    const { stdout } = await promisify(execFile)('tar', ['--list', '--gzip', `--file=${path.join(backupDir, file)}`])
    expect(stdout.split('\n')).toEqual(expect.arrayContaining(['secrets.json', 'media/someone/recording.webm']))
    expect(stdout).not.toContain('backups/')
  })
})
