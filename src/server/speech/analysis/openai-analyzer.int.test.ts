import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { SpeechEngineError } from '#server/speech/engine.ts'
import { createOpenAiAnalyzer } from './openai-analyzer.ts'

type Mode = 'answer' | 'fenced' | 'not-json' | 'wrong-shape' | 'refusal' | 'server-error' | 'unauthorized' | 'hang'
type Received = { url: string; authorization: string | undefined; body: Record<string, unknown> }

let mode: Mode = 'answer'
let content = ''
let received: Received[] = []

/** A small OpenAI-compatible chat server: POST /v1/chat/completions, answering as the real one does. */
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      json(404, { error: { message: `Invalid URL (${req.method} ${req.url})` } })
      return
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
    received.push({ url: req.url, authorization: req.headers.authorization, body })

    // The real server refuses a request without a valid strict schema; so does this one.
    const format = body.response_format as
      { type?: string; json_schema?: { strict?: boolean; schema?: { required?: string[] } } } | undefined
    const required = format?.json_schema?.schema?.required ?? []
    if (
      format?.type !== 'json_schema' ||
      format.json_schema?.strict !== true ||
      !['emotions', 'topics', 'sentiment'].every((k) => required.includes(k))
    ) {
      json(400, { error: { message: "Invalid parameter: 'response_format' must be a strict json_schema", type: 'invalid_request_error' } })
      return
    }

    const completion = (message: Record<string, unknown>) => ({
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
    })
    switch (mode) {
      case 'answer':
        return json(200, completion({ content, refusal: null }))
      case 'fenced':
        return json(200, completion({ content: `\`\`\`json\n${content}\n\`\`\`` }))
      case 'not-json':
        return json(200, completion({ content: 'Sure! The emotions are happy and excited.' }))
      case 'wrong-shape':
        return json(200, completion({ content: JSON.stringify({ emotions: 'happy', topics: [], sentiment: 'positive' }) }))
      case 'refusal':
        return json(200, completion({ content: null, refusal: 'I cannot help with that.' }))
      case 'server-error':
        return json(500, { error: { message: 'The server had an error while processing your request.' } })
      case 'unauthorized':
        return json(401, { error: { message: 'Incorrect API key provided: sk-wrong.', code: 'invalid_api_key' } })
      case 'hang':
        return // never answers; the client's time-out must end it
    }
  })
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  mode = 'answer'
  content = JSON.stringify({ emotions: ['Excited', 'love', ' excited '], topics: ['Coffee', 'job', 'weekend plans'], sentiment: 0.8 })
  received = []
})

const analyzer = (options: { baseUrl?: string; apiKey?: string; timeoutMs?: number } = {}) =>
  createOpenAiAnalyzer({
    baseUrl: options.baseUrl ?? origin,
    apiKey: options.apiKey,
    model: 'test-chat-model',
    timeoutMs: options.timeoutMs,
  })

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SpeechEngineError)
  return error as SpeechEngineError
}

describe('OpenAI analyser against a local OpenAI-compatible server', () => {
  it('sends the transcript with a strict json_schema and normalises the answer', async () => {
    const result = await analyzer({ apiKey: 'sk-test' }).analyze("Let's grab coffee on Sunday and talk about your new job.")

    expect(result).toEqual({ emotions: ['excited', 'loving'], topics: ['coffee', 'work', 'plans'], sentiment: 0.8 })
    expect(received).toHaveLength(1)
    const request = received[0]!
    expect(request.authorization).toBe('Bearer sk-test')
    expect(request.body.model).toBe('test-chat-model')
    const messages = request.body.messages as { role: string; content: string }[]
    expect(messages.map((m) => m.role)).toEqual(['system', 'user'])
    expect(messages[1]!.content).toBe("Let's grab coffee on Sunday and talk about your new job.")
    expect(request.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: {
        strict: true,
        schema: {
          type: 'object',
          additionalProperties: false,
          properties: { emotions: { type: 'array', items: { type: 'string' } }, topics: { type: 'array' }, sentiment: { type: 'number' } },
        },
      },
    })
  })

  it('reaches the same endpoint whether the base URL has /v1 or not, and sends no key when none is set', async () => {
    await analyzer({ baseUrl: `${origin}/v1/` }).analyze('Hello there')
    await analyzer({ baseUrl: origin }).analyze('Hello there')
    expect(received.map((r) => r.url)).toEqual(['/v1/chat/completions', '/v1/chat/completions'])
    expect(received[0]!.authorization).toBeUndefined()
  })

  it('clamps the sentiment, drops sentences posing as labels and caps the lists', async () => {
    content = JSON.stringify({
      emotions: ['happy', 'sad', 'calm', 'proud', 'tired', 'anxious', 'the speaker seems quite happy overall'],
      topics: ['', '  ', 'Work!', 'work'],
      sentiment: 3,
    })
    expect(await analyzer().analyze('Hello there')).toEqual({
      emotions: ['happy', 'sad', 'calm', 'proud', 'tired'],
      topics: ['work'],
      sentiment: 1,
    })
  })

  it('accepts an answer fenced as markdown by a server that ignores response_format', async () => {
    mode = 'fenced'
    expect((await analyzer().analyze('Hello there')).topics).toEqual(['coffee', 'work', 'plans'])
  })

  it('does not call the server for empty text', async () => {
    expect(await analyzer().analyze('   ')).toEqual({ emotions: [], topics: [], sentiment: 0 })
    expect(received).toHaveLength(0)
  })

  it('fails clearly, and retryably, on a malformed answer', async () => {
    mode = 'not-json'
    const notJson = await failure(analyzer().analyze('Hello there'))
    expect(notJson.message).toMatch(/does not match the schema.*Sure! The emotions/)
    expect(notJson.retryable).toBe(true)

    mode = 'wrong-shape'
    expect((await failure(analyzer().analyze('Hello there'))).message).toMatch(/does not match the schema \(emotions, topics, sentiment\)/)
  })

  it('fails without retry on a refusal', async () => {
    mode = 'refusal'
    const error = await failure(analyzer().analyze('Hello there'))
    expect(error.message).toBe('OpenAI analysis was refused: I cannot help with that.')
    expect(error.retryable).toBe(false)
  })

  it('reports a 500 with the server message, retryably', async () => {
    mode = 'server-error'
    const error = await failure(analyzer().analyze('Hello there'))
    expect(error.message).toBe('OpenAI analysis failed with HTTP 500: The server had an error while processing your request.')
    expect(error.retryable).toBe(true)
  })

  it('reports a rejected key without retry', async () => {
    mode = 'unauthorized'
    const error = await failure(analyzer({ apiKey: 'sk-wrong' }).analyze('Hello there'))
    expect(error.message).toBe('OpenAI analysis failed with HTTP 401: Incorrect API key provided: sk-wrong.')
    expect(error.retryable).toBe(false)
  })

  it('reports a wrong path as a 404', async () => {
    const error = await failure(analyzer({ baseUrl: `${origin}/elsewhere` }).analyze('Hello there'))
    expect(error.message).toBe('OpenAI analysis failed with HTTP 404: Invalid URL (POST /elsewhere/chat/completions)')
  })

  it('times out when the server never answers', async () => {
    mode = 'hang'
    const error = await failure(analyzer({ timeoutMs: 200 }).analyze('Hello there'))
    expect(error.message).toBe(`OpenAI analysis timed out after 200 ms (${origin}/v1/chat/completions)`)
    expect(error.retryable).toBe(true)
  })

  it("stops at the caller's time-out too", async () => {
    mode = 'hang'
    const error = await failure(analyzer().analyze('Hello there', AbortSignal.timeout(100)))
    expect(error.message).toMatch(/^OpenAI analysis timed out/)
  })

  it('names the reason when the server cannot be reached', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const error = await failure(analyzer({ baseUrl: `http://127.0.0.1:${port}` }).analyze('Hello there'))
    expect(error.message).toMatch(
      new RegExp(`^OpenAI analysis request to http://127.0.0.1:${port}/v1/chat/completions failed: fetch failed.*ECONNREFUSED`),
    )
  })
})
