import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MAX_NOTES_PER_SESSION, MAX_SESSIONS_PER_PERSON } from '#shared/limits.ts'
import { SESSION_TEXTS, type Session } from '#shared/voice-sessions.ts'
import { SPEECH_TEXTS } from '#shared/speech.ts'

vi.mock('#web/lib/use-auth.ts', () => ({ useAuth: () => ({ user: { id: 'me' }, loading: false }) }))
const toasts = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }))
vi.mock('#web/lib/toast.ts', () => ({ toast: toasts }))

const { VoiceSessionsPage } = await import('./voice-sessions-page.tsx')

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const failure = (message: string) => json(500, { error: { code: 'internal', message } })

function session(id: string, messages: Session['messages'] = []): Session {
  return {
    id,
    title: `Session 2026-11-${id}`,
    date: `2026-11-${id}`,
    created_at: '2026-11-25T10:00:00.000Z',
    messages,
    message_count: messages.length,
  }
}

/** Answers GET /api/sessions with `list` and every POST with `created`; answers the fetch double. */
function renderWith(list: () => Response, created: () => Response = () => json(201, session('26'))) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => (init?.method === 'POST' ? created() : list()))
  vi.stubGlobal('fetch', fetch)
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <VoiceSessionsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return fetch
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  toasts.mockReset()
  toasts.success.mockReset()
  toasts.error.mockReset()
})

describe('VoiceSessionsPage', () => {
  it("says the spec's load error inline with Retry, and as a toast", async () => {
    renderWith(() => failure('database down'))
    expect((await screen.findByRole('alert')).textContent).toContain(SESSION_TEXTS.loadFailed)
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
    expect(toasts.error).toHaveBeenCalledWith(SESSION_TEXTS.loadFailed, expect.anything())
  })

  it("starts a session from the empty state, with the spec's toasts for success and failure", async () => {
    renderWith(
      () => json(200, { sessions: [], total: 0 }),
      () => json(409, { error: { code: 'SESSION_LIMIT', message: SESSION_TEXTS.sessionLimit } }),
    )
    fireEvent.click(await screen.findByRole('button', { name: 'New session' }))
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(SESSION_TEXTS.createFailed, { description: SESSION_TEXTS.sessionLimit }))
    cleanup()

    renderWith(() => json(200, { sessions: [], total: 0 }))
    expect(await screen.findByRole('heading', { name: 'No sessions yet' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'New session' }))
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(SESSION_TEXTS.created))
  })

  it('shows each note with its transcript as far as it goes; only recorded notes can be sent', async () => {
    const note = (id: string, fields: Partial<Session['messages'][number]>) => ({
      id,
      text: null,
      role: 'user',
      audio_url: `/media/${id}.m4a`,
      transcript_status: 'completed' as const,
      created_at: '2026-11-25T10:00:00.000Z',
      ...fields,
    })
    renderWith(() =>
      json(200, {
        sessions: [
          session('25', [
            note('n1', { transcript_status: 'processing' }),
            note('n2', { transcript_status: 'failed' }),
            note('n3', { text: 'thank you for Sunday' }),
            note('n4', { text: 'typed to myself', audio_url: null, transcript_status: null }),
          ]),
        ],
        total: 1,
      }),
    )
    const region = await screen.findByRole('region', { name: 'Session 2026-11-25' })
    expect(region.textContent).toContain('4 notes')
    expect(screen.getByText(SESSION_TEXTS.transcribing)).toBeTruthy()
    expect(screen.getByText(SESSION_TEXTS.transcriptFailed)).toBeTruthy()
    expect(screen.getByText('thank you for Sunday')).toBeTruthy()
    expect(screen.getByText('typed to myself')).toBeTruthy()
    expect(screen.getAllByRole('button', { name: 'Play note' })).toHaveLength(3)
    expect(screen.getAllByRole('button', { name: /Send to/ })).toHaveLength(3)
    expect(screen.getByRole('button', { name: 'Record a note in Session 2026-11-25' })).toBeTruthy()
  })

  it('offers a failed transcript another round, telling what happens and when the retry was refused', async () => {
    const failed = {
      id: 'n2',
      text: null,
      role: 'user',
      audio_url: '/media/n2.m4a',
      transcript_status: 'failed' as const,
      created_at: '2026-11-25T10:00:00.000Z',
    }
    const fetch = renderWith(
      () => json(200, { sessions: [session('25', [failed])], total: 1 }),
      () => json(409, { error: { code: 'CONFLICT', message: SESSION_TEXTS.notRetryable } }),
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Retry transcription' }))
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(SPEECH_TEXTS.retryFailed, { description: SESSION_TEXTS.notRetryable }))
    expect(toasts).toHaveBeenCalledWith(SPEECH_TEXTS.retryingTitle, { description: SPEECH_TEXTS.retryingBody })
    const posted = fetch.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(String(posted?.[0])).toMatch(/\/api\/sessions\/25\/messages\/n2\/retry-transcription$/)
  })

  it('says how many sessions are left near the limit, and at the limit says so and offers no new one', async () => {
    renderWith(() => json(200, { sessions: [session('25')], total: MAX_SESSIONS_PER_PERSON - 3 }))
    expect(await screen.findByText(SESSION_TEXTS.sessionsLeft(3))).toBeTruthy()
    expect((screen.getByRole('button', { name: 'New session' }) as HTMLButtonElement).disabled).toBe(false)
    cleanup()

    renderWith(() => json(200, { sessions: [session('25')], total: MAX_SESSIONS_PER_PERSON }))
    expect(await screen.findByText(SESSION_TEXTS.sessionLimit)).toBeTruthy()
    expect((screen.getByRole('button', { name: 'New session' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('counts every note of a session, and a full session says so in place of the recorder', async () => {
    renderWith(() => json(200, { sessions: [{ ...session('25'), message_count: MAX_NOTES_PER_SESSION }], total: 1 }))
    const region = await screen.findByRole('region', { name: 'Session 2026-11-25' })
    expect(region.textContent).toContain(`${MAX_NOTES_PER_SESSION} notes`)
    expect(region.textContent).toContain(SESSION_TEXTS.noteLimit)
    expect(screen.queryByRole('button', { name: /Record a note/ })).toBeNull()
    expect(screen.queryByText(SESSION_TEXTS.sessionLimit)).toBeNull()
  })
})
