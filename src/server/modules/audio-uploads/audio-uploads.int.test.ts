import fs from 'node:fs/promises'
import { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { AUDIO_MAX_BYTES } from '#shared/limits.ts'
import { type AudioUpload, DECLARED_SECONDS_HEADER, DECLARED_WAVEFORM_HEADER, declaredWaveformHeader } from '#shared/messages.ts'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import { audioUploads } from '#server/db/schema.ts'
import { makeAudio } from '#server/test/audio-files.ts'
import { insertSignedInPerson } from '#server/test/people.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'
import { createDiskGuard } from '#server/media/disk-space.ts'
import { createLocalStorage } from '#server/media/storage.ts'
import { ValidationError } from '#server/http/errors.ts'
import { apiClient } from '#server/test/requests.ts'
import { insertMessages } from '#server/test/data.ts'
import { ABANDONED_UPLOAD_AGE_MS, createAudioUploadsService } from './audio-uploads.service.ts'

const dataDir = await fs.mkdtemp('/tmp/hearth-int-uploads-')
const { app, db } = await createTestApp({ DATA_DIR: dataDir })
const person = await insertSignedInPerson(app, db)

const upload = (
  body: Buffer | string | Readable,
  contentType = 'audio/webm',
  cookie: string | null = person.cookie,
  declared: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/audio',
    payload: body,
    headers: { origin: TEST_ORIGIN, 'content-type': contentType, ...(cookie ? { cookie } : {}), ...declared },
  })

const tmpFiles = async () => (await fs.readdir(`${dataDir}/tmp`).catch(() => [])).length
const rowOf = async (id: string) => (await db.select().from(audioUploads).where(eq(audioUploads.id, id)))[0]
const waveform = Array.from({ length: 64 }, (_, i) => (i % 10) / 10)
const uploads = createAudioUploadsService({
  db,
  storage: createLocalStorage(`${dataDir}/media`),
  disk: createDiskGuard({ dir: dataDir, floorBytes: 0 }),
  tmpDir: `${dataDir}/tmp`,
  quotaBytes: 1024 * 1024 * 1024,
})

describe('POST /api/audio', () => {
  it('stores the recording as received, byte for byte, under a fresh key, with the length and waveform the recorder declared, unmeasured', async () => {
    const audio = await makeAudio({ seconds: 3 })
    const response = await upload(audio, 'application/octet-stream', person.cookie, {
      [DECLARED_SECONDS_HEADER]: '3.04',
      [DECLARED_WAVEFORM_HEADER]: declaredWaveformHeader(waveform),
    })
    expect(response.statusCode).toBe(201)
    const body = response.json() as AudioUpload
    expect(body).toMatchObject({ mime_type: 'audio/webm', bytes: audio.length, duration_seconds: 3.04, waveform })
    const row = await rowOf(body.upload_id)
    expect(row?.objectKey).toMatch(new RegExp(`^${person.id}/\\d+-[0-9a-f]{12}\\.webm$`))
    expect(row?.audioMeasuredAt).toBeNull()
    expect(await fs.readFile(`${dataDir}/media/${row?.objectKey}`)).toEqual(audio)
    expect(await tmpFiles()).toBe(0)
  })

  it('ignores a declared length or waveform that does not parse, keeping the upload', async () => {
    for (const declared of [
      { [DECLARED_SECONDS_HEADER]: 'three', [DECLARED_WAVEFORM_HEADER]: '0.5,0.7' },
      { [DECLARED_SECONDS_HEADER]: '-2', [DECLARED_WAVEFORM_HEADER]: declaredWaveformHeader(waveform).replace('0.90', '1.50') },
    ]) {
      const response = await upload(await makeAudio({ seconds: 1 }), 'audio/webm', person.cookie, declared)
      expect(response.statusCode).toBe(201)
      expect(response.json()).toMatchObject({ duration_seconds: 0, waveform: [] })
    }
  })

  it('refuses a declared length over 10 minutes before reading the recording', async () => {
    const before = (await db.select().from(audioUploads).where(eq(audioUploads.userId, person.id))).length
    const long = await upload(await makeAudio({ seconds: 1 }), 'audio/webm', person.cookie, { [DECLARED_SECONDS_HEADER]: '601.5' })
    expect(long.statusCode).toBe(400)
    expect(long.json()).toMatchObject({ error: { message: MESSAGE_TEXTS.tooLong } })
    expect(await db.select().from(audioUploads).where(eq(audioUploads.userId, person.id))).toHaveLength(before)
    // within the second of tolerance a take is taken
    expect(
      (await upload(await makeAudio({ seconds: 1 }), 'audio/webm', person.cookie, { [DECLARED_SECONDS_HEADER]: '600.9' })).statusCode,
    ).toBe(201)
  })

  it('recognises WAV and Ogg by their content, whatever the declared type, and keeps them as they came', async () => {
    const wav = await upload(await makeAudio({ seconds: 1, format: 'wav' }), 'audio/webm')
    expect(wav.statusCode).toBe(201)
    expect(wav.json()).toMatchObject({ mime_type: 'audio/wav' })
    const ogg = await upload(await makeAudio({ seconds: 1, format: 'ogg' }), 'video/mp4')
    expect(ogg.statusCode).toBe(201)
    expect(ogg.json()).toMatchObject({ mime_type: 'audio/ogg' })
  })

  it('refuses a renamed non-audio file and an empty body with 400, storing nothing', async () => {
    const before = (await db.select().from(audioUploads).where(eq(audioUploads.userId, person.id))).length
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
    const renamed = await upload(png, 'audio/webm')
    expect(renamed.statusCode).toBe(400)
    expect(renamed.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: MESSAGE_TEXTS.notAudio } })

    const empty = await upload('')
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ error: { message: MESSAGE_TEXTS.empty } })
    expect(await db.select().from(audioUploads).where(eq(audioUploads.userId, person.id))).toHaveLength(before)
    expect(await tmpFiles()).toBe(0)
  })

  it('refuses a silent WebM/Opus take (what Chromium sends from a muted microphone) with 400 and the text for silence', async () => {
    const rows = async () => (await db.select().from(audioUploads).where(eq(audioUploads.userId, person.id))).length
    const before = await rows()
    // made by ffmpeg from digital silence, as Chromium's MediaRecorder makes it: every Opus frame a few bytes
    for (const seconds of [3, 600]) {
      const response = await upload(await makeAudio({ seconds, silent: true }), 'audio/webm', person.cookie, {
        [DECLARED_SECONDS_HEADER]: String(seconds),
        [DECLARED_WAVEFORM_HEADER]: declaredWaveformHeader(waveform),
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: MESSAGE_TEXTS.silent } })
    }
    expect(await rows()).toBe(before)
    expect(await tmpFiles()).toBe(0)
    // a take with sound in it, however short, is stored
    expect((await upload(await makeAudio({ seconds: 1 }))).statusCode).toBe(201)
  })

  it('refuses more than 50 MB with 413, whether declared or streamed', async () => {
    const before = (await db.select().from(audioUploads).where(eq(audioUploads.userId, person.id))).length
    const tooBig = Buffer.alloc(AUDIO_MAX_BYTES + 1, 1)
    const response = await upload(tooBig)
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Audio file is too large (max 50MB)' } })
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
    expect(await db.select().from(audioUploads).where(eq(audioUploads.userId, person.id))).toHaveLength(before)
  })

  it('removes an upload that no message took after a day, with its audio', async () => {
    const response = await upload(await makeAudio({ seconds: 1 }))
    const { upload_id } = response.json() as AudioUpload
    const row = await rowOf(upload_id)
    const service = uploads
    expect(await service.sweepAbandoned(Date.now())).toBe(0)
    expect(await service.sweepAbandoned(Date.now() + ABANDONED_UPLOAD_AGE_MS + 60_000)).toBeGreaterThanOrEqual(1)
    expect(await db.select().from(audioUploads).where(eq(audioUploads.id, upload_id))).toHaveLength(0)
    await expect(fs.stat(`${dataDir}/media/${row?.objectKey}`)).rejects.toThrow()
  })

  it('refuses an anonymous upload with 401', async () => {
    expect((await upload(await makeAudio(), 'audio/webm', null)).statusCode).toBe(401)
  })
})

describe('prepare: the one pass for a recording kept outside a message', () => {
  const stored = async (audio: Buffer) => (await upload(audio)).json() as AudioUpload

  it('measures the upload and stores its playable form in place of the received bytes', async () => {
    const { upload_id } = await stored(await makeAudio({ seconds: 2, format: 'wav' }))
    const received = (await rowOf(upload_id))!
    await uploads.prepare(person.id, upload_id)
    const row = (await rowOf(upload_id))!
    expect(row.audioMeasuredAt).not.toBeNull()
    expect(row).toMatchObject({ mimeType: 'audio/mp4', durationSeconds: 2 })
    expect(row.waveform).toHaveLength(64)
    expect(row.objectKey).not.toBe(received.objectKey)
    expect((await fs.stat(`${dataDir}/media/${row.objectKey}`)).size).toBe(row.bytes)
    await expect(fs.stat(`${dataDir}/media/${received.objectKey}`)).rejects.toThrow()
    // a second prepare finds it measured and leaves it be
    await uploads.prepare(person.id, upload_id)
    expect((await rowOf(upload_id))?.objectKey).toBe(row.objectKey)
    expect(await tmpFiles()).toBe(0)
  })

  it('refuses what breaks a rule with 400 and its text, leaving the upload as it was', async () => {
    const good = await makeAudio({ seconds: 2 })
    for (const [audio, text] of [
      // Ogg: a WebM of Opus silence would be refused on upload already (decision 211)
      [await makeAudio({ seconds: 3, silent: true, format: 'ogg' }), MESSAGE_TEXTS.silent],
      [Buffer.concat([good.subarray(0, 40), Buffer.alloc(4000, 7)]), MESSAGE_TEXTS.notAudio],
      [await makeAudio({ seconds: 602, silent: true, format: 'wav' }), MESSAGE_TEXTS.tooLong],
    ] as const) {
      const { upload_id } = await stored(audio)
      const refused = uploads.prepare(person.id, upload_id)
      await expect(refused).rejects.toBeInstanceOf(ValidationError)
      await expect(refused).rejects.toMatchObject({ message: text, status: 400 })
      expect((await rowOf(upload_id))?.audioMeasuredAt).toBeNull()
    }
    expect(await tmpFiles()).toBe(0)
  })

  it('refuses a silent welcome recording through its route with 400 and the text', async () => {
    const { upload_id } = await stored(await makeAudio({ seconds: 3, silent: true, format: 'ogg' }))
    const response = await apiClient(app).put('/api/profile/welcome-message', person.cookie, { upload_id })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: MESSAGE_TEXTS.silent } })
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
    expect(refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED', message: MESSAGE_TEXTS.tooManyUploads } })
    // counted per person: Bob is not held up by Ada
    expect((await uploadAs(bob.cookie, clip)).statusCode).toBe(201)
  })

  it('keeps what one person stores under STORAGE_QUOTA_MB, counting sent messages and pending uploads', async () => {
    const ada = await insertSignedInPerson(limited.app, limited.db)
    // stored as received: 20 s of 16 kHz mono WAV is about 0.64 MB, so one fits in 1 MB, two do not
    const clip = await makeAudio({ seconds: 20, format: 'wav' })
    expect((await uploadAs(ada.cookie, clip)).statusCode).toBe(201)
    const refused = await uploadAs(ada.cookie, clip)
    expect(refused.statusCode).toBe(413)
    expect(refused.json()).toMatchObject({ error: { code: 'STORAGE_QUOTA', message: MESSAGE_TEXTS.quotaReached(1) } })
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
