import fs from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { MessageSearchResult } from '#shared/message-search.ts'
import type { Message } from '#shared/messages.ts'
import { CONFIDENCE_TEXTS } from '#shared/transcript-confidence.ts'
import type { Analyzer } from '#server/speech/analysis/analyzer.ts'
import type { EngineChoice, Transcript } from '#server/speech/engine.ts'
import { insertMessages } from '#server/test/data.ts'
import { insertSignedInPair, insertSignedInPerson, type SignedInPerson as Person } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { uploadRecording } from '#server/test/uploads.ts'
import { queueRetranscriptions } from '#server/modules/messages/message-speech.service.ts'

/**
 * A speech engine double that says, per recording length, what it heard and how sure it was. The choice starts as
 * pocketsphinx; a test switches it to whisper the way a finished model download does (the app reads the choice
 * object at each use).
 */
const heardBySeconds = new Map<number, Transcript>()
const choice: EngineChoice = {
  name: 'pocketsphinx',
  reason: 'test double',
  engine: {
    name: 'test',
    model: 'en-us',
    async transcribe({ durationSeconds }) {
      const heard = heardBySeconds.get(Math.round(durationSeconds))
      if (!heard) throw new Error(`nothing set for ${durationSeconds} s`)
      return heard
    },
  },
}
const switchTo = (name: EngineChoice['name'], model: string) => {
  choice.name = name
  choice.engine!.model = model
}
const analyzer: Analyzer = { name: 'test', analyze: async () => ({ emotions: ['excited'], topics: ['coffee'], sentiment: 0.6 }) }

/** words with a confidence each, and the transcript's as their mean */
function transcript(text: string, confidence: number): Transcript {
  const words = text.split(' ').map((word, i) => ({ word, start: i * 0.4, end: i * 0.4 + 0.3, confidence }))
  return { text, words, language: 'en', confidence }
}

const dataDir = await fs.mkdtemp('/tmp/hearth-int-confidence-')
const { app, db } = await createTestApp({ DATA_DIR: dataDir }, { speech: { choice, analyzer } })
const { get, post } = apiClient(app)
const getMessage = async (person: Person, id: string) => (await get(`/api/messages/${id}`, person.cookie)).json() as Message

async function send(from: Person, contactId: string, seconds: number): Promise<Message> {
  const upload = await uploadRecording(app, from.cookie, { seconds, format: 'webm' })
  const response = await post('/api/messages', from.cookie, { contact_id: contactId, upload_id: upload })
  expect(response.statusCode).toBe(201)
  const sent = response.json() as Message
  await expect.poll(async () => (await getMessage(from, sent.id)).processing_status, { timeout: 20_000, interval: 200 }).toBe('completed')
  return getMessage(from, sent.id)
}

describe('confidence per message', () => {
  it('keeps and indexes an unsure transcript but finds no mood, tags or tips in it; a sure one is analysed', async () => {
    switchTo('pocketsphinx', 'en-us')
    const { ada, bob, adaToBob } = await insertSignedInPair(app, db)
    heardBySeconds.set(2, transcript('grab coffee mumble sunday', 0.2))
    heardBySeconds.set(3, transcript('grab coffee on sunday', 0.9))

    const unsure = await send(ada, adaToBob, 2)
    expect(unsure.transcription).toBe('grab coffee mumble sunday')
    expect(unsure.transcript_confidence).toBe(0.2)
    expect(unsure.word_timestamps?.[0]).toEqual({ word: 'grab', start: 0, end: 0.3, confidence: 0.2 })
    expect(unsure).toMatchObject({
      emotions: [],
      topics: [],
      sentiment: null,
      transcript_engine: 'pocketsphinx',
      transcript_model: 'en-us',
    })
    // the receiver sees the same, and the overview's search still finds what was heard
    expect((await getMessage(bob, unsure.id)).emotions).toEqual([])
    const found = (await get('/api/messages?q=mumble', bob.cookie)).json() as MessageSearchResult
    expect(found.messages.map((m) => m.id)).toEqual([unsure.id])

    const sure = await send(ada, adaToBob, 3)
    expect(sure).toMatchObject({ transcript_confidence: 0.9, emotions: ['excited'], topics: ['coffee'], sentiment: 0.6 })
  })

  it('transcribes again with a stronger engine for either person, 404 for a stranger, 409 when nothing better runs', async () => {
    switchTo('pocketsphinx', 'en-us')
    const { ada, bob, adaToBob } = await insertSignedInPair(app, db)
    const stranger = await insertSignedInPerson(app, db)
    heardBySeconds.set(4, transcript('grab cough fee', 0.3))
    const weak = await send(ada, adaToBob, 4)
    expect(weak.can_retranscribe).toBe(false)

    const refused = await post(`/api/messages/${weak.id}/retranscribe`, bob.cookie)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ error: { message: CONFIDENCE_TEXTS.nothingBetter } })

    // the whisper model finished downloading: a stronger engine runs now
    switchTo('whisper', 'ggml-base.en.bin')
    heardBySeconds.set(4, transcript('grab coffee on sunday', 0.9))
    expect((await getMessage(bob, weak.id)).can_retranscribe).toBe(true)
    expect((await post(`/api/messages/${weak.id}/retranscribe`, stranger.cookie)).statusCode).toBe(404)

    const asked = await post(`/api/messages/${weak.id}/retranscribe`, bob.cookie)
    expect(asked.statusCode).toBe(200)
    await expect.poll(async () => (await getMessage(ada, weak.id)).emotions, { timeout: 20_000, interval: 200 }).toEqual(['excited'])
    expect(await getMessage(ada, weak.id)).toMatchObject({
      transcription: 'grab coffee on sunday',
      transcript_confidence: 0.9,
      transcript_engine: 'whisper',
      transcript_model: 'ggml-base.en.bin',
      can_retranscribe: false,
      processing_status: 'completed',
    })
    // done once: now nothing better runs than what made it
    expect((await post(`/api/messages/${weak.id}/retranscribe`, ada.cookie)).statusCode).toBe(409)
  })

  it('npm run transcripts:redo queues one job per message a weaker engine transcribed, page by page', async () => {
    switchTo('whisper', 'ggml-base.en.bin')
    const { ada, bob } = await insertSignedInPair(app, db)
    const rows = await insertMessages(db, [
      { senderId: ada.id, receiverId: bob.id, transcription: 'one', transcriptEngine: 'pocketsphinx', transcriptModel: 'en-us' },
      { senderId: bob.id, receiverId: ada.id, transcription: 'two', transcriptEngine: 'whisper', transcriptModel: 'ggml-tiny.en.bin' },
      { senderId: ada.id, receiverId: bob.id, transcription: 'three', transcriptEngine: 'whisper', transcriptModel: 'ggml-base.en.bin' },
      { senderId: ada.id, receiverId: bob.id, transcription: null, processingStatus: 'failed' },
    ])
    const redoJobs = async () => {
      const result = await db.execute<{ id: string }>(
        sql`select data->>'messageId' as id from pgboss.job where name = 'retranscribe-message'`,
      )
      return result.rows.map((r) => r.id)
    }
    const before = await redoJobs()
    // every finished message of this database counts; pages of two make the paging turn
    const { read, queued } = await queueRetranscriptions({ db, queue: app.jobs, speech: choice }, 2)
    expect(read).toBeGreaterThanOrEqual(3)
    const added = (await redoJobs()).filter((id) => !before.includes(id))
    expect(added).toHaveLength(queued)
    expect(added).toEqual(expect.arrayContaining([rows[0]!.id, rows[1]!.id]))
    expect(added).not.toContain(rows[2]!.id)
    expect(added).not.toContain(rows[3]!.id)
  })
})
