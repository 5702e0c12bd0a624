import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ALL_LOCALES, SpeechEngineError } from '#server/speech/engine.ts'
import { languageCode } from './languages.ts'
import { createOpenAiEngine, parseVerboseJson, transcriptionUrl } from './openai.ts'

describe('transcriptionUrl', () => {
  it.each([
    ['https://api.openai.com/v1', 'https://api.openai.com/v1/audio/transcriptions'],
    ['https://api.openai.com/v1/', 'https://api.openai.com/v1/audio/transcriptions'],
    ['https://api.openai.com', 'https://api.openai.com/v1/audio/transcriptions'],
    ['http://localhost:8000/', 'http://localhost:8000/v1/audio/transcriptions'],
    ['http://gateway.local/proxy/openai', 'http://gateway.local/proxy/openai/audio/transcriptions'],
    ['http://gateway.local/proxy/openai/v1//', 'http://gateway.local/proxy/openai/v1/audio/transcriptions'],
  ])('%s → %s', (base, url) => {
    expect(transcriptionUrl(base)).toBe(url)
  })
})

describe('parseVerboseJson', () => {
  it('reads text, language and words', () => {
    const body = JSON.stringify({
      task: 'transcribe',
      language: 'english',
      duration: 2.5,
      text: ' Hello there. ',
      words: [
        { word: 'Hello', start: 0.1, end: 0.5 },
        { word: ' there', start: 0.6, end: 1.0 },
        { word: 'broken', start: 'x', end: 1 },
      ],
    })
    expect(parseVerboseJson(body)).toEqual({
      text: 'Hello there.',
      language: 'en',
      words: [
        { word: 'Hello', start: 0.1, end: 0.5 },
        { word: 'there', start: 0.6, end: 1.0 },
      ],
      confidence: null,
    })
  })

  it('turns segment avg_logprob into word and transcript confidence', () => {
    const body = JSON.stringify({
      text: 'Lets grab coffee. Mumble',
      segments: [
        { start: 0, end: 3, text: 'Lets grab coffee.', avg_logprob: Math.log(0.9) },
        { start: 3, end: 4, text: 'Mumble', avg_logprob: Math.log(0.2) },
        { start: 4, end: 5, text: '', avg_logprob: 'not a number' },
      ],
      words: [
        { word: 'Lets', start: 0, end: 0.5 },
        { word: 'coffee', start: 1.5, end: 2.9 },
        { word: 'Mumble', start: 3.1, end: 3.8 },
        { word: 'after', start: 5.5, end: 6 },
      ],
    })
    const transcript = parseVerboseJson(body)
    expect(transcript.words.map((w) => w.confidence)).toEqual([0.9, 0.9, 0.2, undefined])
    // weighted by length: (0.9 × 3 + 0.2 × 1) / 4
    expect(transcript.confidence).toBe(0.725)
  })

  it('gives no words for a segments-only answer, and no language when none is named', () => {
    expect(parseVerboseJson(JSON.stringify({ text: 'Hi', segments: [{ start: 0, end: 1, text: 'Hi' }] }))).toEqual({
      text: 'Hi',
      words: [],
      language: null,
      confidence: null,
    })
  })

  it('says clearly when the answer is not a transcript', () => {
    expect(() => parseVerboseJson('<html>502 Bad Gateway</html>')).toThrow(/not JSON: <html>502 Bad Gateway/)
    expect(() => parseVerboseJson('')).toThrow(/not JSON: \(empty body\)/)
    expect(() => parseVerboseJson('{"words": []}')).toThrow(/without a text field/)
    expect(() => parseVerboseJson('[]')).toThrow(SpeechEngineError)
  })
})

describe('languageCode', () => {
  it('maps whisper language names to codes and keeps codes', () => {
    expect(languageCode('english')).toBe('en')
    expect(languageCode('English')).toBe('en')
    expect(languageCode('haitian creole')).toBe('ht')
    expect(languageCode('de')).toBe('de')
    expect(languageCode('klingon')).toBe('klingon')
    expect(languageCode(' ')).toBeNull()
  })
})

describe('the language it is told (decision 227)', () => {
  it('sends the speaker’s language as the `language` field, and none when it is unknown', async () => {
    const wavPath = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-openai-language-')), 'speech.wav')
    await fs.writeFile(wavPath, Buffer.alloc(64))
    const sent: (string | null)[] = []
    const engine = createOpenAiEngine({
      baseUrl: 'http://speech.local/v1',
      model: 'whisper-1',
      fetch: async (_url, init) => {
        sent.push((init?.body as FormData).get('language') as string | null)
        return new Response(JSON.stringify({ text: 'hola', language: 'spanish' }), { status: 200 })
      },
    })
    expect(engine.languages).toEqual(ALL_LOCALES)
    const heard = await engine.transcribe({ wavPath, durationSeconds: 1, signal: new AbortController().signal, language: 'es' })
    await engine.transcribe({ wavPath, durationSeconds: 1, signal: new AbortController().signal })
    expect(sent).toEqual(['es', null])
    expect(heard.language).toBe('es')
  })
})
