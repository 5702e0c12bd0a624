import fs from 'node:fs/promises'
import { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { AUDIO_MAX_BYTES } from '#shared/limits.ts'
import { type AudioUpload } from '#shared/messages.ts'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import { audioUploads } from '#server/db/schema.ts'
import { makeAudio } from '#server/test/audio-files.ts'
import { insertSignedInPerson } from '#server/test/people.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'
import { createLocalStorage } from '#server/media/storage.ts'
import { insertMessages } from '#server/test/data.ts'
import { ABANDONED_UPLOAD_AGE_MS, createAudioUploadsService } from './audio-uploads.service.ts'

const dataDir = await fs.mkdtemp('/tmp/hearth-int-uploads-')
const { app, db } = await createTestApp({ DATA_DIR: dataDir })
const person = await insertSignedInPerson(app, db)

const upload = (body: Buffer | string | Readable, contentType = 'audio/webm', cookie: string | null = person.cookie) =>
  app.inject({
    method: 'POST',
    url: '/api/audio',
    payload: body,
    headers: { origin: TEST_ORIGIN, 'content-type': contentType, ...(cookie ? { cookie } : {}) },
  })

const tmpFiles = async () => (await fs.readdir(`${dataDir}/tmp`).catch(() => [])).length

describe('POST /api/audio', () => {
  it('stores a WebM recording as recorded under a fresh key with the duration and waveform measured by the server', async () => {
    const response = await upload(await makeAudio({ seconds: 3 }), 'application/octet-stream')
    expect(response.statusCode).toBe(201)
    const body = response.json() as AudioUpload
    expect(body.mime_type).toBe('audio/webm')
    expect(body.duration_seconds).toBeCloseTo(3, 0)
    expect(body.waveform).toHaveLength(64)
    expect(Math.max(...body.waveform)).toBe(1)
    const [row] = await db.select().from(audioUploads).where(eq(audioUploads.id, body.upload_id))
    expect(row?.objectKey).toMatch(new RegExp(`^${person.id}/\\d+-[0-9a-f]{12}\\.webm$`))
    expect((await fs.stat(`${dataDir}/media/${row?.objectKey}`)).size).toBe(body.bytes)
    expect(await tmpFiles()).toBe(0)
  })

  it('recognises WAV and Ogg by their content, whatever the declared type: WAV encoded to AAC, Ogg/Opus re-wrapped in WebM', async () => {
    const wav = await upload(await makeAudio({ seconds: 1, format: 'wav' }), 'audio/webm')
    expect(wav.statusCode).toBe(201)
    expect(wav.json()).toMatchObject({ mime_type: 'audio/mp4' })
    const ogg = await upload(await makeAudio({ seconds: 1, format: 'ogg' }), 'video/mp4')
    expect(ogg.statusCode).toBe(201)
    expect(ogg.json()).toMatchObject({ mime_type: 'audio/webm' })
  })

  it('refuses a silent recording with 400 and a text saying what to check, storing nothing', async () => {
    const before = await db.select().from(audioUploads).where(eq(audioUploads.userId, person.id))
    const silent = await upload(await makeAudio({ seconds: 3, silent: true }))
    expect(silent.statusCode).toBe(400)
    expect(silent.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: MESSAGE_TEXTS.silent } })
    expect(await db.select().from(audioUploads).where(eq(audioUploads.userId, person.id))).toHaveLength(before.length)
    expect(await tmpFiles()).toBe(0)
  })

  it('refuses a renamed non-audio file, a corrupt recording and an empty body with 400', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
    const renamed = await upload(png, 'audio/webm')
    expect(renamed.statusCode).toBe(400)
    expect(renamed.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: MESSAGE_TEXTS.notAudio } })

    const good = await makeAudio({ seconds: 2 })
    const corrupt = Buffer.concat([good.subarray(0, 40), Buffer.alloc(4000, 7)])
    expect((await upload(corrupt)).statusCode).toBe(400)

    const empty = await upload('')
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ error: { message: MESSAGE_TEXTS.empty } })
    expect(await tmpFiles()).toBe(0)
  })

  it('refuses audio longer than 10 minutes', async () => {
    const long = await upload(await makeAudio({ seconds: 602, silent: true, format: 'wav' }))
    expect(long.statusCode).toBe(400)
    expect(long.json()).toMatchObject({ error: { message: MESSAGE_TEXTS.tooLong } })
  })

  it('refuses more than 50 MB with 413, whether declared or streamed', async () => {
    const tooBig = Buffer.alloc(AUDIO_MAX_BYTES + 1, 1)
    const response = await upload(tooBig)
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Audio file is too large (max 50MB)' } })
    // streamed without a declared length: counted while it arrives
    const chunk = Buffer.alloc(1024 * 1024, 1)
    const streamed = await upload(
      Readable.from(
        (function* () {
          for (let i = 0; i <= AUDIO_MAX_BYTES / chunk.length; i++) yield chunk
        })(),
      ),
    )
    expect(streamed.statusCode).toBe(413)
    expect(await tmpFiles()).toBe(0)
    expect(await db.select().from(audioUploads).where(eq(audioUploads.userId, person.id))).toHaveLength(3)
  })

  it('removes an upload that no message took after a day, with its audio', async () => {
    const response = await upload(await makeAudio({ seconds: 1 }))
    const { upload_id } = response.json() as AudioUpload
    const [row] = await db.select().from(audioUploads).where(eq(audioUploads.id, upload_id))
    const service = createAudioUploadsService({
      db,
      storage: createLocalStorage(`${dataDir}/media`),
      tmpDir: `${dataDir}/tmp`,
      quotaBytes: 1024 * 1024 * 1024,
    })
    expect(await service.sweepAbandoned(Date.now())).toBe(0)
    expect(await service.sweepAbandoned(Date.now() + ABANDONED_UPLOAD_AGE_MS + 60_000)).toBeGreaterThanOrEqual(1)
    expect(await db.select().from(audioUploads).where(eq(audioUploads.id, upload_id))).toHaveLength(0)
    await expect(fs.stat(`${dataDir}/media/${row?.objectKey}`)).rejects.toThrow()
  })

  it('refuses an anonymous upload with 401', async () => {
    expect((await upload(await makeAudio(), 'audio/webm', null)).statusCode).toBe(401)
  })
})

describe('limits per person (decision 43)', async () => {
  const limited = await createTestApp({
    DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-upload-limits-'),
    UPLOADS_PER_MINUTE: '3',
    STORAGE_QUOTA_MB: '1',
  })
  const uploadAs = async (cookie: string, audio: Buffer) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/audio',
      payload: audio,
      headers: { origin: TEST_ORIGIN, 'content-type': 'audio/webm', cookie },
    })

  it('allows UPLOADS_PER_MINUTE recordings a minute to each person, then answers 429 with a clear text', async () => {
    const ada = await insertSignedInPerson(limited.app, limited.db)
    const bob = await insertSignedInPerson(limited.app, limited.db)
    const clip = await makeAudio({ seconds: 1 })
    for (let i = 0; i < 3; i++) expect((await uploadAs(ada.cookie, clip)).statusCode).toBe(201)
    const refused = await uploadAs(ada.cookie, clip)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: MESSAGE_TEXTS.tooManyUploads } })
    // counted per person: Bob is not held up by Ada
    expect((await uploadAs(bob.cookie, clip)).statusCode).toBe(201)
  })

  it('keeps what one person stores under STORAGE_QUOTA_MB, counting sent messages and pending uploads', async () => {
    const ada = await insertSignedInPerson(limited.app, limited.db)
    // WAV is stored encoded to AAC at 64 kbit/s: 70 s is about 0.56 MB, so one fits in 1 MB, two do not
    const clip = await makeAudio({ seconds: 70, format: 'wav' })
    expect((await uploadAs(ada.cookie, clip)).statusCode).toBe(201)
    const refused = await uploadAs(ada.cookie, clip)
    expect(refused.statusCode).toBe(413)
    expect(refused.json()).toEqual({ error: { code: 'STORAGE_QUOTA', message: MESSAGE_TEXTS.quotaReached(1) } })
    expect(await limited.db.select().from(audioUploads).where(eq(audioUploads.userId, ada.id))).toHaveLength(1)
    expect(await fs.readdir(`${limited.env.dataDir}/tmp`)).toEqual([])

    // what someone already sent counts too: at the quota even a tiny recording is refused
    const bob = await insertSignedInPerson(limited.app, limited.db)
    const small = await makeAudio({ seconds: 1 })
    expect((await uploadAs(bob.cookie, small)).statusCode).toBe(201)
    await insertMessages(limited.db, [{ senderId: bob.id, receiverId: ada.id, bytes: 1024 * 1024 }])
    expect((await uploadAs(bob.cookie, small)).json()).toMatchObject({ error: { code: 'STORAGE_QUOTA' } })
  })
})
