import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { makeAudio } from '#server/test/audio-files.ts'
import { SpeechEngineError } from '#server/speech/engine.ts'
import { createOpenAiEngine } from './openai.ts'

type Part = { name: string; filename: string | null; contentType: string | null; data: Buffer }
type Received = { url: string; authorization: string | undefined; contentType: string; parts: Part[] }

/** A multipart/form-data body split by hand (RFC 7578), so the test does not trust the client's own library. */
function parseMultipart(body: Buffer, contentType: string): Part[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType)
  if (!boundary) throw new Error(`no boundary in ${contentType}`)
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`)
  const parts: Part[] = []
  let start = body.indexOf(delimiter)
  while (start !== -1) {
    const afterDelimiter = start + delimiter.length
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break
    const next = body.indexOf(delimiter, afterDelimiter)
    if (next === -1) throw new Error('unterminated multipart body')
    // each part: CRLF, headers, CRLF CRLF, data, CRLF, next delimiter
    const part = body.subarray(afterDelimiter + 2, next - 2)
    const headerEnd = part.indexOf('\r\n\r\n')
    const headers = part.subarray(0, headerEnd).toString('utf8')
    const disposition = /content-disposition:\s*form-data;\s*name="([^"]*)"(?:;\s*filename="([^"]*)")?/i.exec(headers)
    if (!disposition) throw new Error(`part without a form-data disposition: ${headers}`)
    parts.push({
      name: disposition[1]!,
      filename: disposition[2] ?? null,
      contentType: /content-type:\s*(\S+)/i.exec(headers)?.[1] ?? null,
      data: part.subarray(headerEnd + 4),
    })
    start = next
  }
  return parts
}

type Mode = 'words' | 'segments' | 'unauthorized' | 'server-error' | 'rate-limited' | 'not-json' | 'hang'
let mode: Mode = 'words'
let received: Received[] = []

/** A small OpenAI-compatible transcription server: POST /v1/audio/transcriptions, as the real one answers. */
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: `Invalid URL (${req.method} ${req.url})` } }))
      return
    }
    const contentType = req.headers['content-type'] ?? ''
    received.push({
      url: req.url,
      authorization: req.headers.authorization,
      contentType,
      parts: parseMultipart(Buffer.concat(chunks), contentType),
    })
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    switch (mode) {
      case 'words':
        return json(200, {
          task: 'transcribe',
          language: 'english',
          duration: 2,
          text: 'Let us grab coffee.',
          words: [
            { word: 'Let', start: 0.1, end: 0.3 },
            { word: 'us', start: 0.3, end: 0.45 },
            { word: 'grab', start: 0.5, end: 0.8 },
            { word: 'coffee', start: 0.85, end: 1.4 },
          ],
        })
      case 'segments':
        return json(200, {
          task: 'transcribe',
          language: 'english',
          duration: 2,
          text: 'Let us grab coffee.',
          segments: [{ id: 0, start: 0, end: 1.4, text: 'Let us grab coffee.' }],
        })
      case 'unauthorized':
        return json(401, {
          error: { message: 'Incorrect API key provided: sk-wrong.', type: 'invalid_request_error', code: 'invalid_api_key' },
        })
      case 'server-error':
        return json(500, { error: { message: 'The server had an error while processing your request.' } })
      case 'rate-limited':
        return json(429, { error: { message: 'Rate limit reached for requests' } })
      case 'not-json':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>')
        return
      case 'hang':
        // never answers; the engine must give up on its own
        return
    }
  })
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-openai-'))
const wavPath = path.join(dir, 'speech.wav')
const wavBytes = await makeAudio({ seconds: 2, format: 'wav' })
await fs.writeFile(wavPath, wavBytes)

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await fs.rm(dir, { recursive: true, force: true })
})

beforeEach(() => {
  mode = 'words'
  received = []
})

const input = (signal = new AbortController().signal) => ({ wavPath, durationSeconds: 2, signal })
const engine = (options: Partial<Parameters<typeof createOpenAiEngine>[0]> = {}) =>
  createOpenAiEngine({ baseUrl: `${origin}/v1`, apiKey: 'sk-test', model: 'whisper-1', ...options })

async function failure(promise: Promise<unknown>): Promise<SpeechEngineError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SpeechEngineError)
  return error as SpeechEngineError
}

describe('OpenAI-compatible engine', () => {
  it('uploads the WAV as multipart with the model and asks for word timestamps', async () => {
    const transcript = await engine().transcribe(input())

    // this server's answers carry no avg_logprob, so the engine can say nothing of its confidence
    expect(transcript).toEqual({
      text: 'Let us grab coffee.',
      language: 'en',
      confidence: null,
      words: [
        { word: 'Let', start: 0.1, end: 0.3 },
        { word: 'us', start: 0.3, end: 0.45 },
        { word: 'grab', start: 0.5, end: 0.8 },
        { word: 'coffee', start: 0.85, end: 1.4 },
      ],
    })
    expect(received).toHaveLength(1)
    const request = received[0]!
    expect(request.authorization).toBe('Bearer sk-test')
    expect(request.contentType).toMatch(/^multipart\/form-data; boundary=/)
    const field = (name: string) => request.parts.filter((p) => p.name === name)
    const [file] = field('file')
    expect(file?.filename).toBe('speech.wav')
    expect(file?.contentType).toBe('audio/wav')
    expect(file?.data.equals(wavBytes)).toBe(true)
    expect(field('model').map((p) => p.data.toString())).toEqual(['whisper-1'])
    expect(field('response_format').map((p) => p.data.toString())).toEqual(['verbose_json'])
    expect(field('timestamp_granularities[]').map((p) => p.data.toString())).toEqual(['word'])
  })

  it('adds /v1 to a bare origin and sends no authorization without a key', async () => {
    await engine({ baseUrl: origin, apiKey: undefined }).transcribe(input())
    expect(received[0]?.url).toBe('/v1/audio/transcriptions')
    expect(received[0]?.authorization).toBeUndefined()
  })

  it('gives no words when the server answers segments only', async () => {
    mode = 'segments'
    expect(await engine().transcribe(input())).toEqual({
      text: 'Let us grab coffee.',
      words: [],
      language: 'en',
      confidence: null,
    })
  })

  it('turns 401 into a final failure carrying the server message', async () => {
    mode = 'unauthorized'
    const error = await failure(engine({ apiKey: 'sk-wrong' }).transcribe(input()))
    expect(error.message).toBe('OpenAI transcription failed with HTTP 401: Incorrect API key provided: sk-wrong.')
    expect(error.retryable).toBe(false)
  })

  it('lets 500 and 429 be retried', async () => {
    mode = 'server-error'
    const serverError = await failure(engine().transcribe(input()))
    expect(serverError.message).toBe('OpenAI transcription failed with HTTP 500: The server had an error while processing your request.')
    expect(serverError.retryable).toBe(true)

    mode = 'rate-limited'
    const rateLimited = await failure(engine().transcribe(input()))
    expect(rateLimited.message).toMatch(/HTTP 429: Rate limit reached/)
    expect(rateLimited.retryable).toBe(true)
  })

  it('names a wrong path through the 404 message', async () => {
    const error = await failure(engine({ baseUrl: `${origin}/api` }).transcribe(input()))
    expect(error.message).toBe('OpenAI transcription failed with HTTP 404: Invalid URL (POST /api/audio/transcriptions)')
    expect(error.retryable).toBe(false)
  })

  it('says so when the answer is not JSON', async () => {
    mode = 'not-json'
    const error = await failure(engine().transcribe(input()))
    expect(error.message).toMatch(/not JSON: <html>hello<\/html>/)
  })

  it('gives up on a server that never answers after its own time-out', async () => {
    mode = 'hang'
    const error = await failure(engine({ timeoutMs: 300 }).transcribe(input()))
    expect(error.message).toMatch(/timed out/)
    expect(error.retryable).toBe(true)
    expect(received).toHaveLength(1)
  })

  it('stops when the pipeline aborts', async () => {
    mode = 'hang'
    const controller = new AbortController()
    const running = engine().transcribe(input(controller.signal))
    await expect.poll(() => received.length).toBe(1)
    controller.abort()
    const error = await failure(running)
    expect(error.message).toMatch(/timed out or was cancelled/)
  })

  it('explains an unreachable server', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const error = await failure(engine({ baseUrl: `http://127.0.0.1:${port}/v1` }).transcribe(input()))
    expect(error.message).toMatch(/request failed .*ECONNREFUSED/)
    expect(error.retryable).toBe(true)
  })
})
