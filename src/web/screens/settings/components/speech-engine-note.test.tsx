import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SPEECH_TEXTS } from '#shared/speech.ts'
import { SpeechEngineNote } from './speech-engine-note.tsx'

/** The app with GET /api/health answering that `engine` runs. */
function renderWithEngine(engine: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ status: 'ok', speech: { engine, reason: 'x', analyzer: 'wink', model: null } })),
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <SpeechEngineNote />
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('SpeechEngineNote', () => {
  it('says that the basic offline engine runs, and how to get a better one', async () => {
    renderWithEngine('pocketsphinx')
    expect(await screen.findByText(SPEECH_TEXTS.basicEngine)).toBeTruthy()
    expect(screen.getByText(/npm run models/).textContent).toContain('OPENAI_BASE_URL')
  })

  it('says nothing while whisper runs', async () => {
    renderWithEngine('whisper')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByText(SPEECH_TEXTS.basicEngine)).toBeNull()
  })
})
