import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DISK_TEXTS } from '#shared/disk.ts'
import { makeJpeg, uploadPhoto } from '#server/test/images.ts'
import { makeAudio } from '#server/test/audio-files.ts'
import { insertSignedInPerson, signIn } from '#server/test/people.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'

// The floor against the real free space of the test's DATA_DIR file system (decision 214): set 200 MB under what is
// free now, then crossed by a 400 MB file on the same file system and freed again, no double of statfs. The margins
// leave room for whatever else writes on this disk meanwhile.
const MB = 1024 * 1024
const dataDir = await fs.mkdtemp('/tmp/hearth-int-disk-floor-')
const statfs = await fs.statfs(dataDir)
const floorMb = Math.floor((statfs.bavail * statfs.bsize) / MB) - 200
const TOKEN = 'metrics-token-for-the-disk-test'
const { app, db } = await createTestApp({
  DATA_DIR: dataDir,
  DISK_FLOOR_MB: String(floorMb),
  METRICS_TOKEN: TOKEN,
  RATE_LIMIT_ENABLED: 'false',
})
const owner = await insertSignedInPerson(app, db, { name: 'Owner' })
const member = await insertSignedInPerson(app, db, { name: 'Member' })
const filler = path.join(dataDir, 'filler')
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }))

/** 400 MB in 16 MB writes, never whole in memory. */
async function writeFiller() {
  const handle = await fs.open(filler, 'w')
  const chunk = Buffer.alloc(16 * MB, 1)
  try {
    for (let i = 0; i < 25; i++) await handle.write(chunk)
    await handle.sync()
  } finally {
    await handle.close()
  }
}

const post = (url: string, payload: Buffer, contentType: string, cookie = member.cookie) =>
  app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType } })
const health = async (cookie?: string) =>
  (await app.inject({ method: 'GET', url: '/api/health', headers: cookie ? { cookie } : {} })).json() as {
    status: string
    disk: { status: string; freeBytes: number | null; floorBytes: number | null }
  }
const gauge = async (name: string) => {
  const text = (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1])
}

describe('the disk floor', () => {
  it('takes uploads while free space is over the floor, and says so', async () => {
    expect((await post('/api/audio', await makeAudio(), 'audio/webm')).statusCode).toBe(201)
    expect((await health()).disk).toEqual({ status: 'ok', freeBytes: null, floorBytes: null })
    expect((await health(owner.cookie)).disk).toMatchObject({ status: 'ok', floorBytes: floorMb * MB })
  })

  it('refuses recordings and photos with a 507 under the floor, keeps serving what is stored, and takes them again once space is freed, without a restart', async () => {
    const photo = await uploadPhoto(app, member.cookie)
    await writeFiller()
    try {
      // (a reading serves 1.5 s)
      await expect.poll(async () => (await health()).disk.status, { timeout: 5000, interval: 250 }).toBe('low')
      const recording = await post('/api/audio', await makeAudio(), 'audio/webm')
      expect(recording.statusCode).toBe(507)
      expect(recording.json()).toEqual({ error: { code: 'DISK_FULL', message: DISK_TEXTS.full, reason: 'error.disk.full' } })
      const image = await post('/api/photos', await makeJpeg({ gps: false }), 'image/jpeg')
      expect(image.statusCode).toBe(507)
      expect(image.json().error.message).toBe(DISK_TEXTS.full)
      expect(await fs.readdir(path.join(dataDir, 'tmp')).catch(() => [])).toEqual([])

      // health: the status for anyone (still 200: reads work), the figures for the owner only
      const open = await app.inject({ method: 'GET', url: '/api/health' })
      expect(open.statusCode).toBe(200)
      expect(open.json()).toMatchObject({ status: 'ok', disk: { status: 'low', freeBytes: null, floorBytes: null } })
      expect((await health(member.cookie)).disk.freeBytes).toBeNull()
      const seen = (await health(owner.cookie)).disk
      expect(seen.status).toBe('low')
      expect(seen.freeBytes).toBeLessThan(floorMb * MB)
      // the owner's page says it; the metrics show free space under the floor
      const overview = await app.inject({ method: 'GET', url: '/api/admin', headers: { cookie: owner.cookie } })
      expect(overview.json().disk).toMatchObject({ low: true, floor_bytes: floorMb * MB })
      expect(await gauge('hearth_disk_floor_bytes')).toBe(floorMb * MB)
      expect(await gauge('hearth_disk_free_bytes')).toBeLessThan(await gauge('hearth_disk_floor_bytes'))

      // what is stored is still served, and people still sign in
      const picture = await app.inject({ method: 'GET', url: Object.values(photo.urls)[0] ?? '' })
      expect(picture.statusCode).toBe(200)
      expect((await app.inject({ method: 'GET', url: '/api/photos', headers: { cookie: member.cookie } })).statusCode).toBe(200)
      await signIn(app, member)
    } finally {
      await fs.rm(filler, { force: true })
    }
    await expect.poll(async () => (await health()).disk.status, { timeout: 5000, interval: 250 }).toBe('ok')
    expect((await post('/api/audio', await makeAudio(), 'audio/webm')).statusCode).toBe(201)
    expect((await post('/api/photos', await makeJpeg({ gps: false }), 'image/jpeg')).statusCode).toBe(201)
  })
})
