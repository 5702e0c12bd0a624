import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Message } from '#shared/messages.ts'
import { audioPlayer } from '#web/lib/audio-player/use-audio-player.ts'
import { testContact, testMessage } from '#web/test/fixtures.ts'

vi.mock('#web/lib/toast.ts', () => ({ toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }) }))
vi.mock('#web/lib/use-auth.ts', () => ({ useAuth: () => ({ user: { id: 'me' }, loading: false }) }))

const { PlaybackPage } = await import('./playback-page.tsx')

const json = (data: unknown, code = 200) =>
  new Response(JSON.stringify(data), { status: code, headers: { 'content-type': 'application/json' } })

type Handler = (url: string, init: RequestInit | undefined) => Response | undefined

function renderAt(url: string, messages: Message[], handle?: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input)
    const handled = handle?.(path, init)
    if (handled) return handled
    if (path.endsWith('/messages')) return json({ messages: [...messages].reverse(), total: messages.length, nextCursor: null })
    if (path.startsWith('/api/contacts?status=')) return json({ contacts: path.endsWith('=active') ? [testContact()] : [] })
    const id = decodeURIComponent(path.split('/').pop() ?? '')
    const message = messages.find((m) => m.id === id)
    return message ? json(message) : json({ error: { code: 'NOT_FOUND', message: 'Message not found' } }, 404)
  })
  vi.stubGlobal('fetch', fetchMock)
  const router = createMemoryRouter(
    [
      { path: '/playback/:messageId', element: <PlaybackPage /> },
      { path: '/', element: <p>home page</p> },
    ],
    { initialEntries: ['/', url], initialIndex: 1 },
  )
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return Object.assign(router, { fetchMock })
}

/** Three messages oldest → newest: received m1, sent m2, received m3. */
function conversation(): Message[] {
  return [
    testMessage({ id: 'm1', minutesAgo: 30, transcription: 'First one', processing_status: 'completed', is_read: true }),
    testMessage({ id: 'm2', minutesAgo: 20, sender_id: 'me', receiver_id: 'u1', transcription: 'Second', processing_status: 'completed' }),
    testMessage({
      id: 'm3',
      minutesAgo: 10,
      transcription: 'Call me when you land',
      word_timestamps: [
        { word: 'call', start: 0.2, end: 0.5 },
        { word: 'me', start: 0.5, end: 0.7 },
        { word: 'when', start: 0.8, end: 1 },
        { word: 'you', start: 1, end: 1.2 },
        { word: 'land', start: 1.3, end: 1.8 },
      ],
      processing_status: 'completed',
      emotions: ['excited', 'loving', 'calm', 'hopeful'],
      topics: ['travel', 'family', 'plans', 'home'],
      sentiment: 0.7,
    }),
  ]
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  audioPlayer().reset()
})

describe('PlaybackPage', () => {
  it('goes home for a message that is not yours, replacing history', async () => {
    const router = renderAt('/playback/nope', [])
    expect(await screen.findByText('home page')).toBeTruthy()
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('shows the player, insights with 3 emotions, 3 topics and 2 tips, the transcript, and a reply; marks it read once', async () => {
    const router = renderAt('/playback/m3', conversation(), (path, init) =>
      path.endsWith('/read') && init?.method === 'POST' ? json({ ...conversation()[2], is_read: true }) : undefined,
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Ortiz' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Play message from Maya Ortiz' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Back 15 seconds' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Forward 15 seconds' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Like' })).toBeTruthy()
    // the seek slider waits for the duration
    expect(screen.getByRole('slider', { name: 'Seek' }).getAttribute('data-disabled')).toBe('')

    const insights = screen.getByRole('region', { name: 'AI Insights' })
    expect(within(insights).getByText('10 minutes ago')).toBeTruthy()
    expect(
      within(within(insights).getByRole('list', { name: 'Emotions' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['excited', 'loving', 'calm'])
    expect(within(within(insights).getByRole('list', { name: 'Topics' })).getAllByRole('listitem')).toHaveLength(3)
    expect(
      within(within(insights).getByRole('list', { name: 'Tips' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'They sound excited. Tell them which part you enjoyed hearing most.',
      'They brought up travel. Ask one open question about it in your reply.',
    ])

    const transcript = screen.getByRole('region', { name: 'Transcript' })
    expect(transcript.textContent).toContain('Call me when you land')
    // another engine's transcript carries no note about a basic engine
    expect(transcript.querySelector('[data-slot=basic-engine-note]')).toBeNull()
    const toggle = within(transcript).getByRole('button', { name: 'Transcript' })
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')

    expect((await screen.findByRole('link', { name: 'Record Thoughtful Reply' })).getAttribute('href')).toBe('/record/c1?replyTo=m3')
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/contacts/profile/c1')
    expect(screen.getByRole('switch', { name: 'Play next automatically' }).getAttribute('aria-checked')).toBe('true')
    await waitFor(() => expect(router.fetchMock.mock.calls.filter(([url]) => String(url) === '/api/messages/m3/read')).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(router.fetchMock.mock.calls.filter(([url]) => String(url) === '/api/messages/m3/read')).toHaveLength(1)
  })

  it('shows unsure words faintly, holds back insights and tips, and offers to transcribe again', async () => {
    const unsure = testMessage({
      id: 'm4',
      transcription: 'grab cough fee sunday',
      word_timestamps: [
        { word: 'grab', start: 0.2, end: 0.5, confidence: 0.9 },
        { word: 'cough', start: 0.5, end: 0.7, confidence: 0.2 },
        { word: 'fee', start: 0.8, end: 1, confidence: 0.3 },
        { word: 'sunday', start: 1, end: 1.6, confidence: 0.4 },
      ],
      transcript_confidence: 0.45,
      transcript_engine: 'pocketsphinx',
      can_retranscribe: true,
      processing_status: 'completed',
      is_read: true,
    })
    // once asked, the server answers that nothing stronger is left to run
    let asked = false
    const router = renderAt('/playback/m4', [unsure], (path, init) => {
      if (path.endsWith('/retranscribe') && init?.method === 'POST') asked = true
      return asked && path.includes('/api/messages/m4') ? json({ ...unsure, can_retranscribe: false }) : undefined
    })
    const insights = await screen.findByRole('region', { name: 'AI Insights' })
    expect(within(insights).getByText('Not enough clear words to read the mood')).toBeTruthy()
    expect(within(insights).queryByRole('list', { name: 'Tips' })).toBeNull()
    expect(within(insights).queryByText('None found yet')).toBeNull()

    const transcript = screen.getByRole('region', { name: 'Transcript' })
    const faint = [...transcript.querySelectorAll('[data-confidence="low"]')].map((word) => word.textContent)
    expect(faint).toEqual(['cough', 'fee', 'sunday'])
    expect(within(transcript).getByText('Faint words are ones the speech engine was unsure of.')).toBeTruthy()
    // the basic offline engine made it: the screen says its words may be rough (decision 210)
    expect(within(transcript).getByText('Transcripts come from a basic offline engine and may be rough.')).toBeTruthy()

    fireEvent.click(within(transcript).getByRole('button', { name: 'Transcribe again' }))
    await waitFor(() =>
      expect(
        router.fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/messages/m4/retranscribe' && init?.method === 'POST'),
      ).toHaveLength(1),
    )
    await waitFor(() => expect(within(transcript).queryByRole('button', { name: 'Transcribe again' })).toBeNull())
  })

  it("moves through the conversation with 'n of total', replacing history", async () => {
    const router = renderAt('/playback/m2', conversation())
    expect(await screen.findByText('2 of 3')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Next message' }))
    expect(await screen.findByText('3 of 3')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/playback/m3')
    expect(router.state.historyAction).toBe('REPLACE')
    expect((screen.getByRole('button', { name: 'Next message' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Previous message' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Previous message' }))
    expect(await screen.findByText('1 of 3')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Previous message' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('loads the message into the shared player, sets the speed with the pill (remembered), and plays with Space', async () => {
    renderAt('/playback/m3', conversation())
    await screen.findByRole('heading', { level: 1, name: 'Maya Ortiz' })
    await waitFor(() => expect(audioPlayer().getState().currentTrack?.id).toBe('m3'))
    const element = document.querySelector<HTMLAudioElement>('audio[data-slot="audio-player"]')
    expect(element?.getAttribute('src')).toBe(conversation()[2]!.audio_url)

    // the pill moves through the presets; the fine steps sit behind it
    fireEvent.click(screen.getByRole('button', { name: 'Change speed, now 1×' }))
    expect(audioPlayer().getState().rate).toBe(1.2)
    fireEvent.click(screen.getByRole('button', { name: 'Change speed, now 1.2×' }))
    expect(audioPlayer().getState().rate).toBe(1.5)
    expect(element?.playbackRate).toBe(1.5)
    expect(window.localStorage.getItem('hearth.playback.rate')).toBe('1.5')
    audioPlayer().setRate(1)

    const toggle = vi.spyOn(audioPlayer(), 'toggle').mockResolvedValue()
    fireEvent.keyDown(document.body, { key: ' ' })
    expect(toggle).toHaveBeenCalledWith(expect.objectContaining({ id: 'm3' }))
    // Space on a button is the button's own
    fireEvent.keyDown(screen.getByRole('button', { name: 'Like' }), { key: ' ' })
    expect(toggle).toHaveBeenCalledTimes(1)
  })

  it('says calmly that a recording the browser could not fetch is out of reach for now, and offers to try again', async () => {
    renderAt('/playback/m3', conversation())
    await screen.findByRole('heading', { level: 1, name: 'Maya Ortiz' })
    await waitFor(() => expect(audioPlayer().getState().currentTrack?.id).toBe('m3'))
    const element = document.querySelector<HTMLAudioElement>('audio[data-slot="audio-player"]')!
    // what a browser reports when the bucket (or the media route) does not answer: the source could not be opened
    Object.defineProperty(element, 'error', { configurable: true, value: { code: 4 } })
    // the player first asks for a fresh URL once, and the fresh source fails too: the store is still away
    await waitFor(() => {
      element.dispatchEvent(new Event('error'))
      expect(screen.getByText('This recording is out of reach for now. Try again in a little while.')).toBeTruthy()
    })
    expect(screen.queryByText('Playback Error')).toBeNull()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    Object.defineProperty(element, 'error', { configurable: true, value: null })
    audioPlayer().reset()
  })

  it('names the right person for a message to one of two contacts who deleted their accounts', async () => {
    const gone = (id: string, name: string) =>
      testContact({ id, name, contact_user_id: null, account_deleted: true, archived_at: new Date().toISOString(), is_active: false })
    const message = testMessage({ id: 'm9', sender_id: 'me', receiver_id: null, left_contact_id: 'c-lea' })
    renderAt('/playback/m9', [message], (path) =>
      path === '/api/contacts?status=archived' ? json({ contacts: [gone('c-kim', 'Kim Left'), gone('c-lea', 'Lea Left')] }) : undefined,
    )
    expect(await screen.findByText('You to Lea Left')).toBeTruthy()
  })

  it('names and plays a message from someone who left Hearth, marks it heard, and says calmly that no reply reaches them', async () => {
    const gone = testContact({ id: 'c-lea', name: 'Lea Left', contact_user_id: null, account_deleted: true, is_active: false })
    const message = testMessage({ id: 'm7', sender_id: null, receiver_id: 'me', left_contact_id: 'c-lea', is_read: false })
    const router = renderAt('/playback/m7', [message], (path) =>
      path === '/api/contacts?status=archived' ? json({ contacts: [gone] }) : undefined,
    )
    expect(await screen.findByText('From Lea Left')).toBeTruthy()
    expect(await screen.findByRole('region', { name: 'Lea Left has left Hearth' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Record Thoughtful Reply' })).toBeNull()
    expect(screen.queryByRole('list', { name: 'Tips' })).toBeNull()
    await waitFor(() => expect(router.fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/messages/m7/read'))).toBe(true))
  })

  it('says the audio is not available for an own message without audio, with no reply and no read', async () => {
    const message = testMessage({ id: 'm8', sender_id: 'me', receiver_id: 'u1', audio_url: '' })
    const router = renderAt('/playback/m8', [message])
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain('Audio file is not available for playback')
    expect(await screen.findByText('You to Maya Ortiz')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Play message from you' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByRole('link', { name: 'Record Thoughtful Reply' })).toBeNull()
    expect(router.fetchMock.mock.calls.some(([url]) => String(url).endsWith('/read'))).toBe(false)
  })
})
