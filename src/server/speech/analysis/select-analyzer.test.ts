import { describe, expect, it } from 'vitest'
import { selectAnalyzer } from './select-analyzer.ts'

const none = { OPENAI_BASE_URL: undefined, OPENAI_API_KEY: undefined, OPENAI_ANALYSIS_MODEL: undefined }

describe('selectAnalyzer', () => {
  it('is offline when no analysis model is set, even with an endpoint', () => {
    const choice = selectAnalyzer({ ...none, OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_API_KEY: 'sk-test' })
    expect(choice.analyzer.name).toBe('offline')
    expect(choice.reason).toContain('OPENAI_ANALYSIS_MODEL is not set')
  })

  it('is offline when a model is set but there is nowhere to send it', () => {
    const choice = selectAnalyzer({ ...none, OPENAI_ANALYSIS_MODEL: 'gpt-4o-mini' })
    expect(choice.analyzer.name).toBe('offline')
    expect(choice.reason).toContain('neither OPENAI_BASE_URL nor OPENAI_API_KEY')
  })

  it('uses the model at the base URL', () => {
    const choice = selectAnalyzer({ ...none, OPENAI_ANALYSIS_MODEL: 'llama3', OPENAI_BASE_URL: 'http://127.0.0.1:8080' })
    expect(choice.analyzer.name).toBe('openai')
    expect(choice.reason).toBe('openai analysis: model llama3 at http://127.0.0.1:8080')
  })

  it('uses OpenAI itself with only a key, and never shows the key', () => {
    const choice = selectAnalyzer({ ...none, OPENAI_ANALYSIS_MODEL: 'gpt-4o-mini', OPENAI_API_KEY: 'sk-secret' })
    expect(choice.analyzer.name).toBe('openai')
    expect(choice.reason).toContain('https://api.openai.com/v1')
    expect(choice.reason).not.toContain('sk-secret')
  })
})
