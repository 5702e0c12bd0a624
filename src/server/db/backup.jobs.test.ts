import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { parseEnv } from '#server/env.ts'
import { createLocalStorage } from '#server/media/storage.ts'
import { backupRoomShortfall, createBackupJobs } from './backup.jobs.ts'

const MB = 1024 * 1024
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-backup-room-'))
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }))
await fs.mkdir(path.join(dataDir, 'media', 'someone'), { recursive: true })
await fs.writeFile(path.join(dataDir, 'media', 'someone', 'take.webm'), Buffer.alloc(64 * 1024, 7))
await fs.writeFile(path.join(dataDir, 'secrets.json'), '{}')

describe('backupRoomShortfall', () => {
  it('lets a backup run when DATA_DIR and its compressed copy fit above the floor', () => {
    expect(backupRoomShortfall({ dataBytes: 100 * MB, lastBackupBytes: 40 * MB, freeBytes: 700 * MB, floorBytes: 512 * MB })).toBeNull()
    // before the first backup, DATA_DIR's size stands in for the compressed copy
    expect(backupRoomShortfall({ dataBytes: 100 * MB, lastBackupBytes: null, freeBytes: 700 * MB, floorBytes: 512 * MB })).toBe(
      'backup skipped for lack of room: it needs about 200 MB and 188 MB is free above the 512 MB kept for the database; ' +
        'free some space or set BACKUP_DIR to a larger disk',
    )
  })

  it('counts the whole free space when the backups are on another file system', () => {
    expect(backupRoomShortfall({ dataBytes: 100 * MB, lastBackupBytes: null, freeBytes: 300 * MB, floorBytes: 0 })).toBeNull()
    expect(backupRoomShortfall({ dataBytes: 100 * MB, lastBackupBytes: 90 * MB, freeBytes: 150 * MB, floorBytes: 0 })).toBe(
      'backup skipped for lack of room: it needs about 190 MB and 150 MB is free; free some space or set BACKUP_DIR to a larger disk',
    )
  })
})

describe('the scheduled backup on a nearly full disk', () => {
  const jobsWithFloor = (floorBytes: number) => {
    const env = parseEnv({ DATA_DIR: dataDir, STORAGE_DRIVER: 'local' })
    const log = { warn: vi.fn() }
    const jobs = createBackupJobs({ env, databasePassword: 'unused', storage: createLocalStorage(dataDir), disk: { floorBytes }, log })
    return { jobs, log, backups: () => fs.readdir(env.backupDir).catch(() => []) }
  }

  it('skips with the plain line in the log and the outcome, and writes no archive, when it would eat into the floor', async () => {
    // the floor a GB over the real free space of this file system: no room above it, whatever others write meanwhile
    const { bavail, bsize } = await fs.statfs(dataDir)
    const { jobs, log, backups } = jobsWithFloor(bavail * bsize + 1024 * MB)
    const outcome = await jobs.handleBackup()
    expect(outcome.status).toBe('skipped')
    expect(outcome.reason).toMatch(
      /^backup skipped for lack of room: it needs about \d+ MB and 0 MB is free above the .+ kept for the database/,
    )
    expect(log.warn).toHaveBeenCalledWith(outcome.reason)
    expect(await backups()).toEqual([])
  })

  it('writes the backup when there is room', async () => {
    const { jobs, log, backups } = jobsWithFloor(0)
    expect((await jobs.handleBackup()).status).toBe('done')
    expect(log.warn).not.toHaveBeenCalled()
    expect(await backups()).toEqual([expect.stringMatching(/^hearth-backup-.*\.tar\.gz$/)])
  })
})
