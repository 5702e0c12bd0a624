import { describe, expect, it } from 'vitest'
import { openAiUrl } from './openai-url.ts'

describe('openAiUrl', () => {
  it('gives a bare origin the /v1 API root', () => {
    expect(openAiUrl('https://api.openai.com', '/chat/completions')).toBe('https://api.openai.com/v1/chat/completions')
    expect(openAiUrl('https://api.openai.com/', 'audio/transcriptions')).toBe('https://api.openai.com/v1/audio/transcriptions')
    expect(openAiUrl('http://127.0.0.1:8080', '/chat/completions')).toBe('http://127.0.0.1:8080/v1/chat/completions')
  })

  it('keeps a path that is already there, with or without a trailing slash', () => {
    expect(openAiUrl('https://api.openai.com/v1', '/chat/completions')).toBe('https://api.openai.com/v1/chat/completions')
    expect(openAiUrl('https://api.openai.com/v1/', '/chat/completions')).toBe('https://api.openai.com/v1/chat/completions')
    expect(openAiUrl('https://host.example/openai/v1', 'chat/completions')).toBe('https://host.example/openai/v1/chat/completions')
    expect(openAiUrl('https://host.example/v1beta/openai', '/chat/completions')).toBe('https://host.example/v1beta/openai/chat/completions')
    expect(openAiUrl('http://host/proxy/openai', '/audio/transcriptions')).toBe('http://host/proxy/openai/audio/transcriptions')
  })

  it('keeps a query string on the base URL, as some gateways need one', () => {
    expect(openAiUrl('https://gw.example/v1?api-version=2', '/chat/completions')).toBe(
      'https://gw.example/v1/chat/completions?api-version=2',
    )
  })
})
