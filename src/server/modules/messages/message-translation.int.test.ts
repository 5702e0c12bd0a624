import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '#shared/error-codes.ts'
import type { PublicConfig } from '#shared/public-config.ts'
import type { Translation } from '#shared/translation.ts'
import { audioMessages } from '#server/db/schema.ts'
import { insertMessages } from '#server/test/data.ts'
import { insertSignedInPair, insertSignedInPerson } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { APERTIUM_BINARY, installedApertiumModes } from '#server/translation/apertium.ts'

type Asked = { authorization: string | undefined; model: unknown; system: string; user: string }
const asked: Asked[] = []
let failNext = false

/** A small OpenAI-compatible chat server: POST /v1/chat/completions, answering with a made-up "translation". */
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return json(404, { error: { message: 'Invalid URL' } })
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: unknown; messages: { role: string; content: string }[] }
    const system = body.messages.find((m) => m.role === 'system')?.content ?? ''
    const user = body.messages.find((m) => m.role === 'user')?.content ?? ''
    asked.push({ authorization: req.headers.authorization, model: body.model, system, user })
    if (failNext) {
      failNext = false
      return json(500, { error: { message: 'model overloaded' } })
    }
    const content = `[${/to (\w+)\./.exec(system)?.[1]}] ${user}`
    json(200, {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    })
  })
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

const { app, db } = await createTestApp({
  DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-translation-'),
  TRANSLATION_ENGINE: 'openai',
  OPENAI_BASE_URL: baseUrl,
  OPENAI_API_KEY: 'sk-test-translation',
  OPENAI_TRANSLATION_MODEL: 'test-translator',
})
const { get } = apiClient(app)

describe('a transcript in the reader’s language (openai)', () => {
  it('translates for the receiver and the sender, keeps it, and makes it again for a new transcript', async () => {
    const { ada, bob } = await insertSignedInPair(app, db)
    const [message] = await insertMessages(db, [
      { senderId: ada.id, receiverId: bob.id, transcription: 'hola mamá te quiero', transcriptLanguage: 'es' },
    ])
    asked.length = 0

    const response = await get(`/api/messages/${message!.id}/translation?to=en`, bob.cookie)
    expect(response.statusCode).toBe(200)
    expect(response.json<Translation>()).toEqual({
      text: '[English] hola mamá te quiero',
      language: 'en',
      from: 'es',
      engine: 'openai',
      rough: false,
    })
    // the transcript went to the configured endpoint, with its key and model, from Spanish into English
    expect(asked).toEqual([
      {
        authorization: 'Bearer sk-test-translation',
        model: 'test-translator',
        system: expect.stringContaining('from Spanish to English') as string,
        user: 'hola mamá te quiero',
      },
    ])

    // kept: the sender asking the same is answered without asking the engine again
    const again = await get(`/api/messages/${message!.id}/translation?to=en`, ada.cookie)
    expect(again.json<Translation>().text).toBe('[English] hola mamá te quiero')
    expect(asked).toHaveLength(1)

    // the transcript's own language is answered as it is, without an engine
    expect((await get(`/api/messages/${message!.id}/translation?to=es`, bob.cookie)).json<Translation>()).toEqual({
      text: 'hola mamá te quiero',
      language: 'es',
      from: 'es',
      engine: 'none',
      rough: false,
    })
    expect(asked).toHaveLength(1)

    // transcribed again (a stronger engine): the kept translation was of the old words, so it is made again
    await db.update(audioMessages).set({ transcription: 'hola mamá, te quiero mucho' }).where(eq(audioMessages.id, message!.id))
    expect((await get(`/api/messages/${message!.id}/translation?to=en`, bob.cookie)).json<Translation>().text).toBe(
      '[English] hola mamá, te quiero mucho',
    )
    expect(asked).toHaveLength(2)
  })

  it('takes a transcript without a kept language as English (made before languages were kept)', async () => {
    const { ada, bob } = await insertSignedInPair(app, db)
    const [message] = await insertMessages(db, [{ senderId: ada.id, receiverId: bob.id, transcription: 'see you on sunday' }])
    const answer = (await get(`/api/messages/${message!.id}/translation?to=fr`, bob.cookie)).json<Translation>()
    expect(answer).toMatchObject({ text: '[French] see you on sunday', from: 'en', language: 'fr' })
  })

  it('refuses a stranger, a bad language, a message without a transcript, and says when the engine failed', async () => {
    const { ada, bob } = await insertSignedInPair(app, db)
    const stranger = await insertSignedInPerson(app, db)
    const [done, waiting] = await insertMessages(db, [
      { senderId: ada.id, receiverId: bob.id, transcription: 'hola', transcriptLanguage: 'es' },
      { senderId: ada.id, receiverId: bob.id, transcription: null, processingStatus: 'processing' },
    ])

    expect((await get(`/api/messages/${done!.id}/translation?to=en`, stranger.cookie)).statusCode).toBe(404)
    expect((await get(`/api/messages/${done!.id}/translation?to=en`)).statusCode).toBe(401)
    for (const bad of ['?to=xx', '?to=', '']) {
      const refused = await get(`/api/messages/${done!.id}/translation${bad}`, bob.cookie)
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toMatchObject({ error: { code: ERROR_CODES.validation } })
    }
    expect((await get('/api/messages/not-a-uuid/translation?to=en', bob.cookie)).statusCode).toBe(400)

    const notYet = await get(`/api/messages/${waiting!.id}/translation?to=en`, bob.cookie)
    expect(notYet.statusCode).toBe(409)
    expect(notYet.json()).toMatchObject({ error: { code: ERROR_CODES.transcriptNotReady } })

    failNext = true
    const failed = await get(`/api/messages/${done!.id}/translation?to=de`, bob.cookie)
    expect(failed.statusCode).toBe(503)
    expect(failed.json()).toMatchObject({ error: { code: ERROR_CODES.translationFailed } })
    // nothing kept from the failure: the next ask is made again
    expect((await get(`/api/messages/${done!.id}/translation?to=de`, bob.cookie)).json<Translation>().text).toBe('[German] hola')
  })

  it('tells the web that translation is available', async () => {
    expect((await get('/api/config')).json<PublicConfig>().translationAvailable).toBe(true)
  })
})

const apertiumInstalled = await fs.access(APERTIUM_BINARY).then(
  () => true,
  () => false,
)
const englishSpanish = apertiumInstalled && (await installedApertiumModes()).has('spa-eng')

describe.skipIf(!englishSpanish)('a transcript in the reader’s language (Debian’s Apertium, offline)', async () => {
  const offline = englishSpanish
    ? await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-apertium-'), TRANSLATION_ENGINE: 'apertium' })
    : null

  it('translates Spanish into English, marked rough, and says plainly when no pair is installed', async () => {
    const { app: offlineApp, db: offlineDb } = offline!
    const client = apiClient(offlineApp)
    const { ada, bob } = await insertSignedInPair(offlineApp, offlineDb)
    const [message] = await insertMessages(offlineDb, [
      { senderId: ada.id, receiverId: bob.id, transcription: 'Te echo de menos', transcriptLanguage: 'es' },
    ])
    const answer = (await client.get(`/api/messages/${message!.id}/translation?to=en`, bob.cookie)).json<Translation>()
    expect(answer).toEqual({ text: 'I miss you', language: 'en', from: 'es', engine: 'apertium', rough: true })

    // Spanish into Arabic: no pair for it in Debian
    const noPair = await client.get(`/api/messages/${message!.id}/translation?to=ar`, bob.cookie)
    expect(noPair.statusCode).toBe(503)
    expect(noPair.json()).toMatchObject({ error: { code: ERROR_CODES.translationUnavailable } })
  })
})
