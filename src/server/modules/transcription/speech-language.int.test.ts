import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ERROR_CODES } from '#shared/error-codes.ts'
import type { Locale } from '#shared/locales.ts'
import type { Message } from '#shared/messages.ts'
import type { PublicConfig } from '#shared/public-config.ts'
import type { Session } from '#shared/voice-sessions.ts'
import { profiles } from '#server/db/schema.ts'
import type { Analyzer } from '#server/speech/analysis/analyzer.ts'
import { ALL_LOCALES, ENGLISH_ONLY, type EngineChoice, type TranscribeInput } from '#server/speech/engine.ts'
import { insertMessages } from '#server/test/data.ts'
import { insertSignedInPair, type SignedInPerson as Person } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { makeAudio } from '#server/test/audio-files.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'
import { uploadRecording } from '#server/test/uploads.ts'

/**
 * An engine double that records what it was told and answers a transcript in the language it was told, or in the one
 * it "detects" (`detected`) when told none. The test switches what it declares it can hear, as an English-only
 * model (`*.en`, pocketsphinx) or a multilingual one does.
 */
const told: (Locale | null | undefined)[] = []
let detected: string | null = 'en'
const choice: EngineChoice = {
  name: 'whisper',
  reason: 'test double',
  engine: {
    name: 'test',
    model: 'ggml-base.en.bin',
    languages: ENGLISH_ONLY,
    async transcribe({ language }: TranscribeInput) {
      told.push(language)
      const words = ['hola', 'mamá', 'te', 'quiero'].map((word, i) => ({ word, start: i * 0.4, end: i * 0.4 + 0.3, confidence: 0.9 }))
      return { text: 'hola mamá te quiero', words, language: language ?? detected, confidence: 0.9 }
    },
  },
}
const hears = (languages: readonly Locale[], model: string) => {
  choice.engine!.languages = languages
  choice.engine!.model = model
}
const analysed: string[] = []
// as the offline analyser: English word lists
const analyzer: Analyzer = {
  name: 'test',
  languages: ['en'],
  analyze: async (text) => {
    analysed.push(text)
    return { emotions: ['loving'], topics: ['family'], sentiment: 0.8 }
  },
}

const dataDir = await fs.mkdtemp('/tmp/hearth-int-speech-language-')
const { app, db } = await createTestApp({ DATA_DIR: dataDir }, { speech: { choice, analyzer } })
const { get, post } = apiClient(app)
const getMessage = async (person: Person, id: string) => (await get(`/api/messages/${id}`, person.cookie)).json() as Message
const speaks = (person: Person, language: Locale | null) => db.update(profiles).set({ language }).where(eq(profiles.id, person.id))

async function send(from: Person, contactId: string, settled: Message['processing_status'] = 'completed'): Promise<Message> {
  const upload = await uploadRecording(app, from.cookie, { seconds: 2, format: 'webm' })
  const response = await post('/api/messages', from.cookie, { contact_id: contactId, upload_id: upload })
  expect(response.statusCode).toBe(201)
  const sent = response.json() as Message
  await expect.poll(async () => (await getMessage(from, sent.id)).processing_status, { timeout: 20_000, interval: 200 }).toBe(settled)
  return getMessage(from, sent.id)
}

describe('speech in the sender’s language', () => {
  it('stores no English guess when the engine cannot hear the sender’s language, and says so with a code', async () => {
    hears(ENGLISH_ONLY, 'ggml-base.en.bin')
    const { ada, bob, adaToBob } = await insertSignedInPair(app, db)
    await speaks(ada, 'es')
    told.length = 0

    const message = await send(ada, adaToBob, 'failed')
    // the engine never ran: nothing it could have guessed was kept
    expect(told).toEqual([])
    expect(message).toMatchObject({
      transcription: null,
      word_timestamps: null,
      transcript_language: 'es',
      processing_error_code: 'language_unsupported',
      emotions: [],
    })
    expect(message.processing_error).toMatch(/cannot transcribe es/)
    // the receiver reads the same state
    expect((await getMessage(bob, message.id)).processing_error_code).toBe('language_unsupported')

    // a retry with a multilingual engine running now transcribes it, and the code goes
    hears(ALL_LOCALES, 'ggml-base.bin')
    expect((await post(`/api/messages/${message.id}/retry-transcription`, ada.cookie)).statusCode).toBe(200)
    await expect
      .poll(async () => (await getMessage(bob, message.id)).processing_status, { timeout: 20_000, interval: 200 })
      .toBe('completed')
    expect(await getMessage(bob, message.id)).toMatchObject({
      transcription: 'hola mamá te quiero',
      transcript_language: 'es',
      processing_error_code: null,
    })
    expect(told).toEqual(['es'])
  })

  it('tells a multilingual engine the sender’s language, keeps it, and does not analyse it with English word lists', async () => {
    hears(ALL_LOCALES, 'ggml-base.bin')
    const { ada, adaToBob } = await insertSignedInPair(app, db)
    await speaks(ada, 'es')
    told.length = 0
    analysed.length = 0

    const message = await send(ada, adaToBob)
    expect(told).toEqual(['es'])
    expect(message).toMatchObject({ transcription: 'hola mamá te quiero', transcript_language: 'es', processing_error_code: null })
    // the analyser reads English only: no mood or tags made up from Spanish words
    expect(analysed).toEqual([])
    expect(message).toMatchObject({ emotions: [], topics: [], sentiment: null })
  })

  it('lets the engine detect the language of a sender without one and keeps what it detected', async () => {
    hears(ALL_LOCALES, 'ggml-base.bin')
    const { ada, adaToBob } = await insertSignedInPair(app, db)
    await speaks(ada, null)
    told.length = 0
    detected = 'fr'

    const message = await send(ada, adaToBob)
    expect(told).toEqual([null])
    expect(message.transcript_language).toBe('fr')
    detected = 'en'
  })

  it('transcribes and analyses English as before on an English-only engine', async () => {
    hears(ENGLISH_ONLY, 'ggml-base.en.bin')
    const { ada, adaToBob } = await insertSignedInPair(app, db)
    await speaks(ada, 'en')
    analysed.length = 0

    const message = await send(ada, adaToBob)
    expect(message).toMatchObject({ transcript_language: 'en', processing_error_code: null, emotions: ['loving'] })
    expect(analysed).toHaveLength(1)
  })

  it('keeps a voice note in its owner’s language, and none at all when the engine cannot hear it', async () => {
    const { ada } = await insertSignedInPair(app, db)
    await speaks(ada, 'de')
    const session = (await post('/api/sessions', ada.cookie, {})).json() as { id: string }
    const recordNote = async () => {
      const upload = await uploadRecording(app, ada.cookie, { seconds: 2, format: 'webm' })
      const response = await post(`/api/sessions/${session.id}/messages`, ada.cookie, { upload_id: upload })
      expect(response.statusCode).toBe(201)
      return (response.json() as { id: string }).id
    }
    const noteState = async (id: string) => {
      const { sessions } = (await get('/api/sessions', ada.cookie)).json() as { sessions: Session[] }
      return sessions.find((s) => s.id === session.id)?.messages.find((m) => m.id === id)
    }

    hears(ENGLISH_ONLY, 'ggml-base.en.bin')
    const unheard = await recordNote()
    await expect.poll(async () => (await noteState(unheard))?.transcript_status, { timeout: 20_000, interval: 200 }).toBe('failed')
    expect((await noteState(unheard))?.text).toBeNull()

    hears(ALL_LOCALES, 'ggml-base.bin')
    told.length = 0
    const heard = await recordNote()
    await expect.poll(async () => (await noteState(heard))?.transcript_status, { timeout: 20_000, interval: 200 }).toBe('completed')
    expect(told).toEqual(['de'])
  })
})

describe('the live transcript while recording', () => {
  it('is told the speaker’s language, and refuses with a clear code a language the engine cannot hear', async () => {
    const { ada } = await insertSignedInPair(app, db)
    await speaks(ada, 'pt')
    const recording = await makeAudio({ seconds: 1, format: 'webm' })
    const preview = () =>
      app.inject({
        method: 'POST',
        url: '/api/speech/preview',
        payload: recording,
        headers: { origin: TEST_ORIGIN, 'content-type': 'audio/webm', cookie: ada.cookie },
      })

    hears(ENGLISH_ONLY, 'ggml-base.en.bin')
    told.length = 0
    const refused = await preview()
    expect(refused.statusCode).toBe(503)
    expect(refused.json()).toMatchObject({ error: { code: ERROR_CODES.languageUnsupported } })
    expect(told).toEqual([])

    hears(ALL_LOCALES, 'ggml-base.bin')
    expect((await preview()).statusCode).toBe(200)
    expect(told).toEqual(['pt'])
  })
})

describe('without a translation engine', () => {
  it('tells the web there is none, and a translation asked for anyway is refused with a clear code', async () => {
    expect((await get('/api/config')).json<PublicConfig>().translationAvailable).toBe(false)
    const { ada, bob } = await insertSignedInPair(app, db)
    const [message] = await insertMessages(db, [{ senderId: ada.id, receiverId: bob.id, transcription: 'hola', transcriptLanguage: 'es' }])
    const refused = await get(`/api/messages/${message!.id}/translation?to=en`, bob.cookie)
    expect(refused.statusCode).toBe(503)
    expect(refused.json()).toMatchObject({ error: { code: ERROR_CODES.translationUnavailable } })
  })
})
