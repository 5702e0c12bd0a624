import fs from 'node:fs/promises'
import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import {
  DECLARED_SECONDS_HEADER,
  DECLARED_WAVEFORM_HEADER,
  declaredWaveformHeader,
  type AudioUpload,
  type Message,
} from '#shared/messages.ts'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import type { Profile } from '#shared/profile.ts'
import { SPEECH_TEXTS } from '#shared/speech.ts'
import { audioMessages, audioUploads, profiles } from '#server/db/schema.ts'
import { makeAudio } from '#server/test/audio-files.ts'
import type { Analyzer } from '#server/speech/analysis/analyzer.ts'
import { SpeechEngineError, type EngineChoice, type Transcript, type TranscribeInput } from '#server/speech/engine.ts'
import { insertSignedInPair, insertSignedInPerson, type SignedInPerson as Person } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { listenToRealtime } from '#server/test/realtime-listener.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'
import { uploadRecording } from '#server/test/uploads.ts'

/**
 * A speech engine double whose behaviour each test sets per recording length (the engine only sees the
 * decoded file, so tests tell their messages apart by duration).
 */
type Behaviour = (input: TranscribeInput, call: number) => Promise<Transcript>
const behaviours = new Map<number, Behaviour>()
const calls = new Map<number, number[]>()
const engineDouble: EngineChoice = {
  name: 'pocketsphinx',
  reason: 'test double',
  engine: {
    name: 'test',
    async transcribe(input) {
      const seconds = Math.round(input.durationSeconds)
      const made = calls.get(seconds) ?? []
      made.push(Date.now())
      calls.set(seconds, made)
      const behaviour = behaviours.get(seconds)
      if (!behaviour) throw new Error(`no behaviour for ${seconds} s`)
      return behaviour(input, made.length)
    },
  },
}
const analyzerDouble: Analyzer = {
  name: 'test',
  async analyze(text) {
    if (text.includes('analysis breaks')) throw new Error('analysis model unavailable')
    return { emotions: text.includes('miss') ? ['love'] : ['calm'], topics: ['plans'], sentiment: 0.5 }
  },
}
const words = (text: string) => text.split(' ').map((word, i) => ({ word, start: i * 0.4, end: i * 0.4 + 0.3 }))

const dataDir = await fs.mkdtemp('/tmp/hearth-int-speech-')
const { app, db, databaseUrl } = await createTestApp({ DATA_DIR: dataDir }, { speech: { choice: engineDouble, analyzer: analyzerDouble } })

// every NOTIFY the services publish, as each server instance's hub hears it
const { heard, close: stopListening } = await listenToRealtime(databaseUrl)
afterAll(stopListening)

const { get, post, put } = apiClient(app)
const getMessage = async (person: Person, id: string) => (await get(`/api/messages/${id}`, person.cookie)).json() as Message

const upload = (person: Person, seconds: number, format: 'webm' | 'wav' = 'webm') =>
  uploadRecording(app, person.cookie, { seconds, format })

const pair = () => insertSignedInPair(app, db)

async function send(from: Person, contactId: string, seconds: number, format: 'webm' | 'wav' = 'webm'): Promise<Message> {
  const response = await post('/api/messages', from.cookie, { contact_id: contactId, upload_id: await upload(from, seconds, format) })
  expect(response.statusCode).toBe(201)
  return response.json() as Message
}

const rowOf = async (id: string) => (await db.select().from(audioMessages).where(eq(audioMessages.id, id)))[0]

const settled = (person: Person, id: string, timeout = 20_000) =>
  expect.poll(async () => (await getMessage(person, id)).processing_status, { timeout, interval: 200 })

describe('the speech pipeline', () => {
  it('transcribes, then analyses, and tells both people at every step', async () => {
    behaviours.set(1, async () => ({ text: 'I really miss you', words: words('I really miss you'), language: 'en' }))
    const { ada, bob, adaToBob } = await pair()
    const sent = await send(ada, adaToBob, 1)
    expect(sent.processing_status).toBe('pending')
    await settled(bob, sent.id).toBe('completed')
    const done = await getMessage(bob, sent.id)
    expect(done).toMatchObject({ transcription: 'I really miss you', emotions: ['love'], topics: ['plans'], processing_error: null })
    expect(done.word_timestamps).toEqual(words('I really miss you'))

    // each person hears every stage, as their own contact of the other, with the speech state after it
    const updatesOf = () => heard.flatMap((e) => (e.event.type === 'message.updated' && e.event.message_id === sent.id ? [e] : []))
    await expect.poll(() => updatesOf().length).toBe(8)
    const updates = updatesOf()
    const stagesOf = (person: Person) =>
      updates.flatMap(({ to, event }) => (to.length === 1 && to[0] === person.id && event.type === 'message.updated' ? [event] : []))
    for (const person of [ada, bob]) {
      const stages = stagesOf(person)
      expect(stages.map((e) => e.changes?.processing_status)).toEqual(['processing', 'processing', 'processing', 'completed'])
      // the measured audio, in place of the received recording and its declared length
      expect(stages[1]?.changes).toMatchObject({
        mime_type: 'audio/webm',
        duration_seconds: 1,
        audio_url: expect.stringContaining('.webm?'),
      })
      expect(stages[1]?.changes?.waveform).toHaveLength(64)
      expect(stages[2]?.changes).toMatchObject({ transcription: 'I really miss you', emotions: [] })
      expect(stages[3]).toMatchObject({ changes: { emotions: ['love'], topics: ['plans'], sentiment: 0.5 }, health: true })
    }
    expect(stagesOf(ada)[0]?.contact_id).toBe(adaToBob)
    const [row] = await db.select().from(audioMessages).where(eq(audioMessages.id, sent.id))
    expect(row).toMatchObject({ transcriptionAttempts: 1, analysisAttempts: 1, sentiment: 0.5 })
  })

  it('times the words itself when the engine gives none, after the leading silence', async () => {
    behaviours.set(2, async () => ({ text: 'Coffee on Sunday, then a walk.', words: [], language: 'en' }))
    const { ada, bob, adaToBob } = await pair()
    // 32,002 samples at 16 kHz: a length in no round number of milliseconds, as real recordings have
    const sent = await send(ada, adaToBob, 2.0001, 'wav')
    await settled(bob, sent.id).toBe('completed')
    const timed = (await getMessage(bob, sent.id)).word_timestamps ?? []
    expect(timed.map((w) => w.word)).toEqual(['Coffee', 'on', 'Sunday,', 'then', 'a', 'walk.'])
    for (let i = 1; i < timed.length; i++) expect(timed[i]!.start).toBeGreaterThanOrEqual(timed[i - 1]!.end)
    expect(timed.at(-1)!.end).toBeLessThanOrEqual(2.01)
    expect(timed[0]!.start).toBeGreaterThanOrEqual(0)
  })

  it('retries after 3 s and 10 s, and fails for good after 3 attempts', async () => {
    // 3 s recordings succeed at the third attempt; 4 s recordings never do
    behaviours.set(3, async (_input, call) => {
      if (call < 3) throw new SpeechEngineError('engine busy')
      return { text: 'third time lucky', words: words('third time lucky'), language: 'en' }
    })
    behaviours.set(4, async () => {
      throw new SpeechEngineError('engine crashed')
    })
    const { ada, bob, adaToBob } = await pair()
    const lucky = await send(ada, adaToBob, 3)
    const doomed = await send(ada, adaToBob, 4)

    // the wait before the second attempt is in the queue: 3 s
    await expect
      .poll(
        async () => {
          const { rows } = await db.execute<{ wait: number }>(
            sql`select extract(epoch from start_after - created_on)::float as wait from pgboss.job
              where name = 'transcribe-message' and data->>'messageId' = ${doomed.id} order by created_on desc limit 1`,
          )
          return rows.length === 1 && rows[0]!.wait > 1 ? Math.round(rows[0]!.wait) : null
        },
        { timeout: 10_000 },
      )
      .toBe(3)
    expect((await getMessage(ada, doomed.id)).processing_error).toBe('engine crashed')

    await settled(ada, lucky.id, 30_000).toBe('completed')
    await settled(ada, doomed.id, 30_000).toBe('failed')
    const failed = await getMessage(bob, doomed.id)
    expect(failed.processing_error).toBe('engine crashed')
    const [row] = await db.select().from(audioMessages).where(eq(audioMessages.id, doomed.id))
    expect(row?.transcriptionAttempts).toBe(3)
    const times = calls.get(4) ?? []
    expect(times).toHaveLength(3)
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(2_900)
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(9_900)
  }, 60_000)

  it('ends at once with a clear reason when the engine says retrying cannot help', async () => {
    behaviours.set(5, async () => {
      throw new SpeechEngineError('Whisper model not found', false)
    })
    const { ada, adaToBob } = await pair()
    const sent = await send(ada, adaToBob, 5)
    await settled(ada, sent.id).toBe('failed')
    expect((await getMessage(ada, sent.id)).processing_error).toBe('Whisper model not found')
    expect(calls.get(5)).toHaveLength(1)
  })

  it('keeps the transcript when analysis keeps failing, with the reason', async () => {
    behaviours.set(6, async () => ({ text: 'analysis breaks here', words: words('analysis breaks here'), language: 'en' }))
    const { ada, adaToBob } = await pair()
    const sent = await send(ada, adaToBob, 6)
    await expect
      .poll(async () => (await getMessage(ada, sent.id)).processing_error, { timeout: 30_000, interval: 250 })
      .toMatch(/^Analysis failed/)
    const message = await getMessage(ada, sent.id)
    expect(message).toMatchObject({ processing_status: 'completed', transcription: 'analysis breaks here', emotions: [], topics: [] })
  }, 40_000)
})

describe('the one pass over a received recording', () => {
  it('replaces the declared length and waveform and the received bytes with the measured, playable audio', async () => {
    behaviours.set(12, async () => ({ text: 'measured words', words: words('measured words'), language: 'en' }))
    const { ada, bob, adaToBob } = await pair()
    const audio = await makeAudio({ seconds: 12, format: 'wav' })
    const declared = Array.from({ length: 64 }, () => 0.5)
    const stored = await app.inject({
      method: 'POST',
      url: '/api/audio',
      payload: audio,
      headers: {
        origin: TEST_ORIGIN,
        cookie: ada.cookie,
        [DECLARED_SECONDS_HEADER]: '11.5',
        [DECLARED_WAVEFORM_HEADER]: declaredWaveformHeader(declared),
      },
    })
    const { upload_id } = stored.json() as AudioUpload
    const [received] = await db.select().from(audioUploads).where(eq(audioUploads.id, upload_id))
    const sent = (await post('/api/messages', ada.cookie, { contact_id: adaToBob, upload_id })).json() as Message
    // shown as declared until the job has measured it
    expect(sent).toMatchObject({ duration_seconds: 11.5, waveform: declared, mime_type: 'audio/wav' })

    await settled(bob, sent.id).toBe('completed')
    const done = await getMessage(bob, sent.id)
    expect(done).toMatchObject({ duration_seconds: 12, mime_type: 'audio/mp4', transcription: 'measured words' })
    expect(done.waveform).toHaveLength(64)
    expect(done.waveform).not.toEqual(declared)
    const row = await rowOf(sent.id)
    expect(row?.audioMeasuredAt).not.toBeNull()
    expect(row?.audioKey).not.toBe(received?.objectKey)
    // no row refers to the received bytes any more: the media sweep removes them once they are an hour old
    expect(await db.select().from(audioMessages).where(eq(audioMessages.audioKey, received!.objectKey))).toEqual([])
    expect((await get(done.audio_url, bob.cookie)).statusCode).toBe(200)
  })

  it('ends a message whose recording breaks a rule in failed, with the rule’s text, keeping what was received', async () => {
    const { ada, bob, adaToBob } = await pair()
    // Ogg: the upload stores it unread (a WebM of Opus silence is refused on upload already, decision 211)
    const upload_id = await uploadRecording(app, ada.cookie, { seconds: 13, silent: true, format: 'ogg' })
    const sent = (await post('/api/messages', ada.cookie, { contact_id: adaToBob, upload_id })).json() as Message
    await settled(bob, sent.id).toBe('failed')
    const failed = await getMessage(bob, sent.id)
    expect(failed.processing_error).toBe(MESSAGE_TEXTS.silent)
    // no retry was scheduled, the engine never heard it, and the recording as received still plays
    expect(await rowOf(sent.id)).toMatchObject({
      transcriptionAttempts: 1,
      audioMeasuredAt: null,
      audioKey: expect.stringMatching(/\.ogg$/),
    })
    expect(calls.get(13)).toBeUndefined()
    expect((await get(failed.audio_url, bob.cookie)).statusCode).toBe(200)
  })
})

describe('retry_failed_transcription', () => {
  it('lets the sender or receiver retry a failed message inside the window, and nobody else', async () => {
    let works = false
    behaviours.set(7, async () => {
      if (!works) throw new SpeechEngineError('engine offline', false)
      return { text: 'back again', words: words('back again'), language: 'en' }
    })
    const { ada, bob, adaToBob } = await pair()
    const stranger = await insertSignedInPerson(app, db, { name: 'Eve' })
    const sent = await send(ada, adaToBob, 7)
    await settled(ada, sent.id).toBe('failed')
    // the first attempt measured the audio before the engine failed; the retry only transcribes
    const measured = await rowOf(sent.id)
    expect(measured?.audioMeasuredAt).not.toBeNull()

    const foreign = await post(`/api/messages/${sent.id}/retry-transcription`, stranger.cookie)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toMatchObject({ error: { message: SPEECH_TEXTS.notRetryable } })

    works = true
    // both people press Retry at once: one round starts, the other is told it is not retryable
    const [byBob, byAda] = await Promise.all([
      post(`/api/messages/${sent.id}/retry-transcription`, bob.cookie),
      post(`/api/messages/${sent.id}/retry-transcription`, ada.cookie),
    ])
    expect([byBob.statusCode, byAda.statusCode].sort()).toEqual([200, 409])
    const retried = byBob.statusCode === 200 ? byBob : byAda
    expect((retried.json() as Message).processing_status).toMatch(/^(pending|processing)$/)
    await settled(ada, sent.id).toBe('completed')
    expect((await getMessage(ada, sent.id)).transcription).toBe('back again')
    expect(await rowOf(sent.id)).toMatchObject({ audioKey: measured?.audioKey, audioMeasuredAt: measured?.audioMeasuredAt })

    const again = await post(`/api/messages/${sent.id}/retry-transcription`, ada.cookie)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ error: { message: SPEECH_TEXTS.notRetryable } })
  })

  it('refuses a failed message older than 2 hours, a malformed id and an anonymous caller', async () => {
    behaviours.set(8, async () => {
      throw new SpeechEngineError('engine offline', false)
    })
    const { ada, adaToBob } = await pair()
    const sent = await send(ada, adaToBob, 8)
    await settled(ada, sent.id).toBe('failed')
    await db
      .update(audioMessages)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000 - 1000) })
      .where(eq(audioMessages.id, sent.id))
    expect((await post(`/api/messages/${sent.id}/retry-transcription`, ada.cookie)).statusCode).toBe(409)
    expect((await post('/api/messages/not-a-uuid/retry-transcription', ada.cookie)).statusCode).toBe(400)
    const anonymous = await post(`/api/messages/${sent.id}/retry-transcription`)
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('welcome messages', () => {
  it('transcribes a saved welcome recording and marks the profile completed', async () => {
    behaviours.set(9, async () => ({ text: 'Hello from Ada', words: words('Hello from Ada'), language: 'en' }))
    const ada = await insertSignedInPerson(app, db, { name: 'Ada Welcome' })
    const saved = await put('/api/profile/welcome-message', ada.cookie, { upload_id: await upload(ada, 9) })
    expect(saved.statusCode).toBe(200)
    await expect
      .poll(async () => ((await get('/api/profile', ada.cookie)).json() as Profile).welcome_transcript_status, { timeout: 20_000 })
      .toBe('completed')
    const profile = (await get('/api/profile', ada.cookie)).json() as Profile
    expect(profile.welcome_transcript).toBe('Hello from Ada')
  })
})

describe('speech jobs queued before an upgrade (decision 225)', () => {
  /** jobs named `name` whose payload's `key` is `value`, waiting, done or archived */
  const jobsOf = async (name: string, key: string, value: string) => {
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from (select name, data from pgboss.job union all select name, data from pgboss.archive) j
      where name = ${name} and data->>${key} = ${value}`)
    return rows[0]?.n ?? 0
  }

  it("queues each kind of the earlier 'transcribe' job again under its module's name, whose handler does the work", async () => {
    behaviours.set(10, async () => ({ text: 'first words', words: words('first words'), language: 'en' }))
    const { ada, bob, adaToBob } = await pair()
    const sent = await send(ada, adaToBob, 10)
    await settled(bob, sent.id).toBe('completed')
    // the message as it stood when the earlier version queued its job: waiting, no transcript yet
    behaviours.set(10, async () => ({ text: 'words heard again', words: words('words heard again'), language: 'en' }))
    await db
      .update(audioMessages)
      .set({ transcription: null, wordTimestamps: null, processingStatus: 'pending', transcriptionAttempts: 0 })
      .where(eq(audioMessages.id, sent.id))
    const messageJobs = await jobsOf('transcribe-message', 'messageId', sent.id)
    await app.jobs.enqueue(null, 'transcribe', { kind: 'message', messageId: sent.id })
    await expect.poll(async () => (await getMessage(bob, sent.id)).transcription, { timeout: 20_000 }).toBe('words heard again')
    expect(await jobsOf('transcribe-message', 'messageId', sent.id)).toBe(messageJobs + 1)

    behaviours.set(11, async () => ({ text: 'Hello from Eve', words: words('Hello from Eve'), language: 'en' }))
    const eve = await insertSignedInPerson(app, db, { name: 'Eve Welcome' })
    expect((await put('/api/profile/welcome-message', eve.cookie, { upload_id: await upload(eve, 11) })).statusCode).toBe(200)
    const eveProfile = async () => (await get('/api/profile', eve.cookie)).json() as Profile
    await expect.poll(async () => (await eveProfile()).welcome_transcript_status, { timeout: 20_000 }).toBe('completed')
    behaviours.set(11, async () => ({ text: 'Hello again', words: words('Hello again'), language: 'en' }))
    const [row] = await db
      .update(profiles)
      .set({ welcomeTranscript: null, welcomeTranscriptStatus: 'pending' })
      .where(eq(profiles.id, eve.id))
      .returning({ audioKey: profiles.welcomeAudioKey })
    const welcomeJobs = await jobsOf('transcribe-welcome', 'userId', eve.id)
    await app.jobs.enqueue(null, 'transcribe', { kind: 'welcome', userId: eve.id, audioKey: row!.audioKey!, attempt: 1 })
    await expect.poll(async () => (await eveProfile()).welcome_transcript, { timeout: 20_000 }).toBe('Hello again')
    expect(await jobsOf('transcribe-welcome', 'userId', eve.id)).toBe(welcomeJobs + 1)
  })
})
