import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import type { AudioUpload, Message } from '#shared/messages.ts'
import { audioUploads } from '#server/db/schema.ts'
import { decodeAudio, PLAYBACK_RENDITION, prepareRecording, TRIM_KEEP_SECONDS } from '#server/media/audio.ts'
import { decodeForSpeech } from '#server/speech/decode.ts'
import { createPocketsphinxEngine, pocketsphinxAvailable } from '#server/speech/engines/pocketsphinx.ts'
import { makeAudio } from '#server/test/audio-files.ts'
import { speechFixture } from '#server/test/speech-fixtures.ts'
import { insertSignedInPair } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'
import { createDiskGuard } from '#server/media/disk-space.ts'
import { createLocalStorage } from '#server/media/storage.ts'
import { createAudioUploadsService, toAudioUploadResponse } from './audio-uploads.service.ts'

/**
 * Every recording ends up stored in a form that has a duration, can be seeked and plays in Safari, Firefox and
 * Chromium: Opus and AAC kept as recorded and only re-wrapped, anything else encoded to AAC (decision 168), with long
 * silence at either end trimmed (decision 71). The one pass that makes it runs after the upload (decision 174): in the
 * message's job, or in `prepare` for a recording kept elsewhere; these tests drive `prepare`.
 */
const run = promisify(execFile)
const dataDir = await fs.mkdtemp('/tmp/hearth-int-rendition-')
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-rendition-'))
const { app, db } = await createTestApp({ DATA_DIR: dataDir })
const { ada, adaToBob } = await insertSignedInPair(app, db)
const clip = speechFixture('coffee-sunday.wav')
const opusClip = speechFixture('coffee-sunday.webm')
const canTranscribe = clip !== null && (await pocketsphinxAvailable())
afterAll(() => fs.rm(work, { recursive: true, force: true }))

/** made by scripts/mediarecorder-fixture.ts: 3 s of Chromium's fake microphone through MediaRecorder, no duration in it */
const CHROMIUM_WEBM = new URL('../../test/fixtures/chromium-mediarecorder.webm', import.meta.url)

const uploads = createAudioUploadsService({
  db,
  storage: createLocalStorage(`${dataDir}/media`),
  disk: createDiskGuard({ dir: dataDir, floorBytes: 0 }),
  tmpDir: `${dataDir}/tmp`,
  quotaBytes: 1024 * 1024 * 1024,
})

/** Uploads a recording and runs the one pass over it (the same the message job runs): answers it as measured. */
async function upload(audio: Buffer): Promise<{ body: AudioUpload; file: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/audio',
    payload: audio,
    headers: { origin: TEST_ORIGIN, cookie: ada.cookie, 'content-type': 'audio/webm' },
  })
  expect(response.statusCode).toBe(201)
  const { upload_id } = response.json() as AudioUpload
  await uploads.prepare(ada.id, upload_id)
  const [row] = await db.select().from(audioUploads).where(eq(audioUploads.id, upload_id))
  return { body: toAudioUploadResponse(row!), file: `${dataDir}/media/${row?.objectKey}` }
}

type Probe = {
  streams: { codec_name: string; sample_rate: string; channels: number }[]
  format: { format_name: string; duration?: string }
}
async function probe(file: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file])
  return JSON.parse(stdout) as Probe
}

/** ffmpeg-made audio: `parts` joined end to end, each silence or a 330 Hz tone, as 16 kHz mono Opus in WebM */
async function joined(parts: { silence?: number; tone?: number; clip?: string }[]): Promise<Buffer> {
  const out = path.join(work, `joined-${Math.random().toString(36).slice(2)}.webm`)
  const inputs = parts.flatMap((part) =>
    part.clip
      ? ['-i', part.clip]
      : [
          '-f',
          'lavfi',
          '-i',
          part.silence ? `anullsrc=r=16000:cl=mono:d=${part.silence}` : `sine=frequency=330:sample_rate=16000:duration=${part.tone}`,
        ],
  )
  const filter = `${parts.map((_, i) => `[${i}:a]aformat=sample_rates=16000:channel_layouts=mono[a${i}]`).join(';')};${parts.map((_, i) => `[a${i}]`).join('')}concat=n=${parts.length}:v=0:a=1[out]`
  await run('ffmpeg', ['-v', 'error', ...inputs, '-filter_complex', filter, '-map', '[out]', '-c:a', 'libopus', '-b:a', '32k', '-y', out])
  return fs.readFile(out)
}

/** the codec, profile, rate and channels of the first audio stream */
async function audioStream(file: string) {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name,profile,sample_rate,channels', '-of', 'json', file],
  ])
  return (JSON.parse(stdout) as { streams: Record<string, unknown>[] }).streams[0]
}

/** where an EBML element's ID first occurs in a Matroska file */
const elementAt = (bytes: Buffer, id: number[]) => bytes.indexOf(Buffer.from(id))
const CUES = [0x1c, 0x53, 0xbb, 0x6b]
const CLUSTER = [0x1f, 0x43, 0xb6, 0x75]

describe('the stored recording', () => {
  it('keeps Chromium’s MediaRecorder WebM as Opus, not encoded again, with a duration and its index at the front, and serves it in ranges', async () => {
    const source = await fs.readFile(CHROMIUM_WEBM)
    // the premise: what the browser made says nothing about its length and has no index to seek by
    expect((await probe(CHROMIUM_WEBM.pathname)).format.duration).toBeUndefined()
    expect(elementAt(source, CUES)).toBe(-1)
    const recorded = await audioStream(CHROMIUM_WEBM.pathname)

    const { body, file } = await upload(source)
    expect(body.mime_type).toBe('audio/webm')
    expect(body.duration_seconds).toBeGreaterThan(2.5)
    expect(body.duration_seconds).toBeLessThanOrEqual(3.3)
    const stored = await probe(file)
    expect(stored.format.format_name).toContain('webm')
    expect(Number(stored.format.duration)).toBeCloseTo(body.duration_seconds, 1)
    // the same Opus stream as recorded: same codec, rate and channels
    expect(await audioStream(file)).toEqual(recorded)
    // the index (Cues) comes before the first block of samples, so a player can seek before it has the file
    const bytes = await fs.readFile(file)
    expect(elementAt(bytes, CUES)).toBeGreaterThan(0)
    expect(elementAt(bytes, CUES)).toBeLessThan(elementAt(bytes, CLUSTER))

    const sent = await apiClient(app).post('/api/messages', ada.cookie, { contact_id: adaToBob, upload_id: body.upload_id })
    const message = sent.json() as Message
    expect(message.duration_seconds).toBe(body.duration_seconds)
    const ranged = await app.inject({ method: 'GET', url: message.audio_url, headers: { range: 'bytes=1000-1999' } })
    expect(ranged.statusCode).toBe(206)
    expect(ranged.headers['content-type']).toBe('audio/webm')
    expect(ranged.rawPayload).toHaveLength(1000)
  })

  it('keeps AAC in MP4, as Safari records it, as AAC, with its index moved to the front', async () => {
    const recording = path.join(work, 'safari.m4a')
    // 44.1 kHz stereo: an encoded copy would be 48 kHz mono, so keeping these shows it was not encoded again
    await run('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=44100:duration=3', '-ac', '2'],
      ...['-c:a', 'aac', '-b:a', '96k', '-f', 'mp4', '-y', recording],
    ])
    const source = await fs.readFile(recording)
    // the premise: ffmpeg writes the index (moov) after the samples (mdat) unless told otherwise
    expect(source.indexOf('moov')).toBeGreaterThan(source.indexOf('mdat'))

    const { body, file } = await upload(source)
    expect(body.mime_type).toBe('audio/mp4')
    expect(await audioStream(file)).toEqual(await audioStream(recording))
    const bytes = await fs.readFile(file)
    expect(bytes.indexOf('moov')).toBeGreaterThan(0)
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'))
    expect(body.duration_seconds).toBeCloseTo(3, 1)
  })

  it('encodes what no browser plays everywhere (WAV) once into AAC-LC, mono, 48 kHz in MP4', async () => {
    const { body, file } = await upload(await makeAudio({ seconds: 2, format: 'wav' }))
    expect(body.mime_type).toBe(PLAYBACK_RENDITION.mime)
    expect(await audioStream(file)).toEqual({
      codec_name: PLAYBACK_RENDITION.codec,
      profile: 'LC',
      sample_rate: String(PLAYBACK_RENDITION.sampleRate),
      channels: 1,
    })
    const bytes = await fs.readFile(file)
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'))
  })

  it('trims silence over a second at either end down to a quarter second', async () => {
    const { body, file } = await upload(await joined([{ silence: 3 }, { tone: 2 }, { silence: 2.5 }]))
    expect(body.duration_seconds).toBeCloseTo(2 + 2 * TRIM_KEEP_SECONDS, 1)
    const kept = await decodeAudio(file)
    expect(kept.sound?.start).toBeCloseTo(TRIM_KEEP_SECONDS, 1)
    expect(kept.durationSeconds - (kept.sound?.end ?? 0)).toBeCloseTo(TRIM_KEEP_SECONDS, 1)
  })

  it('leaves a second or less of silence alone', async () => {
    const { body } = await upload(await joined([{ silence: 0.8 }, { tone: 2 }, { silence: 0.9 }]))
    expect(body.duration_seconds).toBeCloseTo(3.7, 1)
  })

  it.skipIf(!canTranscribe)(
    'keeps word timings aligned: the words of a trimmed take start where they did in the untouched clip',
    async () => {
      const words = async (file: string) => {
        const wav = await decodeForSpeech(file)
        try {
          return (await createPocketsphinxEngine().transcribe({ ...wav, signal: new AbortController().signal })).words
        } finally {
          await wav.cleanup()
        }
      }
      const untouched = await words(clip!)
      // the same clip after 4 s of silence: stored trimmed, and transcription reads what is stored
      const { file } = await upload(await joined([{ silence: 4 }, { clip: clip! }, { silence: 3 }]))
      const trimmed = await words(file)
      const lead = (await decodeAudio(clip!)).sound?.start ?? 0
      const shift = Math.max(0, lead - TRIM_KEEP_SECONDS)
      expect(trimmed.length).toBeGreaterThan(3)
      const first = (list: typeof trimmed) => list.find((word) => word.word !== '<sil>')?.start ?? NaN
      // within 0.3 s of where the untouched clip has its first word (it moved by the silence cut, not by 4 s)
      expect(Math.abs(first(trimmed) - (first(untouched) - shift + TRIM_KEEP_SECONDS))).toBeLessThan(0.3)
    },
    // two pocketsphinx runs: 32 s on a loaded 2-core machine, over the default 30 s
    60_000,
  )

  it.skipIf(opusClip === null)(
    'gives the engine, from the one pass, the very samples the old path decoded again from the stored recording',
    async () => {
      const out = await fs.mkdtemp(path.join(work, 'pass-'))
      const prepared = await prepareRecording(opusClip!, out)
      // before decision 174 the job read the stored playable form back and decoded it once more for the engine; the
      // same samples make the same transcript, whatever the engine
      const stored = await decodeForSpeech(prepared.playablePath)
      try {
        expect(prepared.durationSeconds).toBeCloseTo(stored.durationSeconds, 2)
        expect(await fs.readFile(prepared.speechWavPath)).toEqual(await fs.readFile(stored.wavPath))
      } finally {
        await stored.cleanup()
      }
    },
  )
})
