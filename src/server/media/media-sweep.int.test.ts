import fs from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { audioUploads, user } from '#server/db/schema.ts'
import { insertSignedInPerson } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { uploadRecording } from '#server/test/uploads.ts'
import { createMediaSweeper, SWEEP_GRACE_MS } from './media-sweep.ts'
import { createLocalStorage } from './storage.ts'

const dataDir = await fs.mkdtemp('/tmp/hearth-int-sweep-')
const { app, db } = await createTestApp({ DATA_DIR: dataDir })
const tmpDir = path.join(dataDir, 'tmp')
const storage = createLocalStorage(path.join(dataDir, 'media'))
const sweeper = createMediaSweeper({ db, storage, tmpDir })
const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  )

/** What a process killed at the worst moments leaves: a half-received upload, a speech work folder, a stored file without its row. */
async function leaveCrashDebris(userId: string) {
  await fs.mkdir(tmpDir, { recursive: true })
  const halfUpload = path.join(tmpDir, 'upload-0123456789abcdef01234567')
  await fs.writeFile(halfUpload, Buffer.alloc(4096, 1))
  const speechWork = path.join(tmpDir, 'speech-AbC123')
  await fs.mkdir(speechWork)
  await fs.writeFile(path.join(speechWork, 'source'), Buffer.alloc(4096, 2))
  // storage.putFile ran, the process died before insertAudioUpload
  const source = path.join(tmpDir, 'upload-fedcba9876543210fedcba98')
  await fs.writeFile(source, Buffer.alloc(4096, 3))
  const orphanKey = `${userId}/${Date.now()}-0a1b2c3d4e5f.webm`
  await storage.putFile(orphanKey, source)
  return { halfUpload, speechWork, orphan: path.join(dataDir, 'media', orphanKey) }
}

describe('the sweep of what crashes leave behind', () => {
  it('leaves everything younger than the grace period (an upload in flight), then removes the debris and keeps every file a row refers to', async () => {
    const person = await insertSignedInPerson(app, db)
    const uploadId = await uploadRecording(app, person.cookie)
    const [row] = await db.select().from(audioUploads).where(eq(audioUploads.id, uploadId))
    const kept = path.join(dataDir, 'media', row!.objectKey)
    const debris = await leaveCrashDebris(person.id)

    // at once (the start after a crash): all of it may still be in use by a request or a job
    expect(await sweeper.sweep()).toEqual({ tempEntries: 0, orphanedMedia: 0 })
    for (const file of [debris.halfUpload, debris.speechWork, debris.orphan, kept]) expect(await exists(file)).toBe(true)

    // once the grace period has passed (looked at from then, rather than waiting an hour)
    const later = Date.now() + SWEEP_GRACE_MS + 1000
    expect(await sweeper.sweep(later)).toEqual({ tempEntries: 2, orphanedMedia: 1 })
    for (const file of [debris.halfUpload, debris.speechWork, debris.orphan]) expect(await exists(file)).toBe(false)
    expect(await exists(kept)).toBe(true)
    expect(await fs.readdir(tmpDir)).toEqual([])

    // nothing more to do the next time
    expect(await sweeper.sweep(later)).toEqual({ tempEntries: 0, orphanedMedia: 0 })
  })

  it('keeps the file of a welcome message, and removes it once the account is deleted', async () => {
    const person = await insertSignedInPerson(app, db)
    const uploadId = await uploadRecording(app, person.cookie)
    const saved = await apiClient(app).put('/api/profile/welcome-message', person.cookie, { upload_id: uploadId })
    expect(saved.statusCode).toBe(200)
    const files = async () => (await fs.readdir(path.join(dataDir, 'media', person.id)).catch(() => [])).length
    expect(await files()).toBe(1)
    const later = Date.now() + SWEEP_GRACE_MS + 1000
    expect(await sweeper.sweep(later)).toMatchObject({ orphanedMedia: 0 })
    expect(await files()).toBe(1)

    await db.delete(user).where(eq(user.id, person.id))
    expect(await sweeper.sweep(later)).toMatchObject({ orphanedMedia: 1 })
    expect(await files()).toBe(0)
  })
})
