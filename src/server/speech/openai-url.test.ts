import { describe, expect, it } from 'vitest'
import { openAiUrl } from './openai-url.ts'

describe('openAiUrl', () => {
  it('appends /v1 when the base URL has no version segment', () => {
    expect(openAiUrl('https://api.openai.com', '/chat/completions')).toBe('https://api.openai.com/v1/chat/completions')
    expect(openAiUrl('https://api.openai.com/', 'audio/transcriptions')).toBe('https://api.openai.com/v1/audio/transcriptions')
    expect(openAiUrl('http://127.0.0.1:8080/proxy', '/chat/completions')).toBe('http://127.0.0.1:8080/proxy/v1/chat/completions')
  })

  it('keeps a version segment that is already there, with or without a trailing slash', () => {
    expect(openAiUrl('https://api.openai.com/v1', '/chat/completions')).toBe('https://api.openai.com/v1/chat/completions')
    expect(openAiUrl('https://api.openai.com/v1/', '/chat/completions')).toBe('https://api.openai.com/v1/chat/completions')
    expect(openAiUrl('https://host.example/openai/v1', 'chat/completions')).toBe('https://host.example/openai/v1/chat/completions')
    expect(openAiUrl('https://host.example/api/v1beta', '/chat/completions')).toBe('https://host.example/api/v1beta/chat/completions')
  })

  it('does not mistake a word starting with v for a version', () => {
    expect(openAiUrl('https://host.example/voice', '/chat/completions')).toBe('https://host.example/voice/v1/chat/completions')
  })
})
