import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PublicProfile } from '#shared/public-profile.ts'
import { testContact } from '#web/test/fixtures.ts'

const auth = vi.hoisted(() => ({ user: null as { id: string } | null }))
vi.mock('#web/lib/use-auth.ts', () => ({ useAuth: () => ({ user: auth.user, loading: false }) }))
const toastError = vi.hoisted(() => vi.fn())
vi.mock('#web/lib/toast.ts', () => ({ toast: { error: toastError, success: vi.fn() } }))

const { PublicProfilePage } = await import('./public-profile-page.tsx')

const profile: PublicProfile = {
  id: 'p1',
  name: 'Maya Ortiz',
  profile_picture_url: null,
  photos: [],
  welcome_audio_url: null,
  welcome_transcript: 'Hi, it is Maya. I love long walks and short voice notes.',
  welcome_word_timestamps: null,
  findable: true,
}

const contact = testContact({ contact_user_id: 'p1' })

type Reply = { status: number; body: unknown }
function json({ status, body }: Reply) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

function renderPage(routes: Record<string, Reply>, url = '/u/p1') {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`
    const reply = routes[key]
    if (!reply) throw new Error(`unexpected request ${key}`)
    return json(reply)
  })
  vi.stubGlobal('fetch', fetchMock)
  function Where() {
    const location = useLocation()
    return <p>{`at ${location.pathname}${location.search} from ${(location.state as { from?: string } | null)?.from ?? '-'}`}</p>
  }
  const router = createMemoryRouter(
    [
      { path: '/u/:id', element: <PublicProfilePage /> },
      { path: '/profile/:id', element: <PublicProfilePage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [url] },
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { router, fetchMock, view }
}

const found = { 'GET /api/public-profiles/p1': { status: 200, body: profile } }

beforeEach(() => {
  auth.user = null
  toastError.mockReset()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  document.head.innerHTML = ''
})

describe('PublicProfilePage', () => {
  it('asks search engines not to index someone who did not opt in to being found, and gives no Person data', async () => {
    renderPage({ 'GET /api/public-profiles/p1': { status: 200, body: { ...profile, findable: false } } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Ortiz' })).toBeTruthy()
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex'))
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull()
  })

  it('shows the profile with its page meta and structured data', async () => {
    const { view } = renderPage(found, '/profile/p1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Ortiz' })).toBeTruthy()
    expect(screen.getByText(profile.welcome_transcript as string)).toBeTruthy()
    expect(screen.getByText("Maya Ortiz hasn't recorded a welcome message yet.")).toBeTruthy()
    expect(document.querySelector('audio')).toBeNull()
    await waitFor(() => expect(document.title).toBe('Maya Ortiz - Hearth'))
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(profile.welcome_transcript)
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${window.location.origin}/u/p1`)
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull()
    const script = document.head.querySelector('script[type="application/ld+json"]')
    expect(JSON.parse(script?.textContent ?? '{}')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Maya Ortiz',
      url: `${window.location.origin}/u/p1`,
    })
    view.unmount()
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull()
  })

  it('plays the welcome message when there is one', async () => {
    renderPage({ 'GET /api/public-profiles/p1': { status: 200, body: { ...profile, welcome_audio_url: '/media/welcome.webm' } } })
    // Hearth's player, never the browser's controls
    expect(await screen.findByRole('button', { name: 'Play welcome message from Maya Ortiz' })).toBeTruthy()
    expect(screen.getByRole('slider', { name: 'Seek welcome message from Maya Ortiz' })).toBeTruthy()
    expect(screen.getByRole('button', { name: /Change speed/ })).toBeTruthy()
    expect(document.querySelector('audio[controls]')).toBeNull()
  })

  it('sends a signed-out visitor to sign in, with the way back', async () => {
    const { router } = renderPage(found)
    fireEvent.click(await screen.findByRole('button', { name: 'Message' }))
    expect(await screen.findByText('at /auth?next=%2Fu%2Fp1 from /u/p1')).toBeTruthy()
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/u/p1')
  })

  it('opens the conversation for a signed-in person', async () => {
    auth.user = { id: 'me' }
    const { fetchMock } = renderPage({ ...found, 'POST /api/contacts/connect': { status: 200, body: { contact, created: true } } })
    fireEvent.click(await screen.findByRole('button', { name: 'Message' }))
    expect(await screen.findByText('at /contacts/c1 from -')).toBeTruthy()
    expect(fetchMock).toHaveBeenCalledWith('/api/contacts/connect', expect.objectContaining({ body: JSON.stringify({ user_id: 'p1' }) }))
  })

  it("explains a full circle with the server's words, and other failures with the catalogue's", async () => {
    auth.user = { id: 'me' }
    renderPage({
      ...found,
      'POST /api/contacts/connect': { status: 409, body: { error: { code: 'CIRCLE_FULL', message: 'Your circle is full.' } } },
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Message' }))
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Could not start message', { description: 'Your circle is full.' }))
    cleanup()
    renderPage({ ...found, 'POST /api/contacts/connect': { status: 400, body: { error: { code: 'VALIDATION', message: 'Nope' } } } })
    fireEvent.click(await screen.findByRole('button', { name: 'Message' }))
    await waitFor(() =>
      expect(toastError).toHaveBeenLastCalledWith('Could not start message', {
        description: "We couldn't create a relationship with this user. Please try again.",
      }),
    )
  })

  it('shows no Message button on your own profile', async () => {
    auth.user = { id: 'p1' }
    renderPage(found)
    expect(await screen.findByText('This is you')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Message' })).toBeNull()
  })

  it('tells a missing profile from a failed load', async () => {
    renderPage({ 'GET /api/public-profiles/p1': { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Profile not found.' } } } })
    expect(await screen.findByRole('heading', { name: 'Profile not found.' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/')
    cleanup()
    renderPage({ 'GET /api/public-profiles/p1': { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } } })
    expect(await screen.findByText('Failed to load profile')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
  })
})

describe('the welcome message', () => {
  it('highlights the spoken word of the transcript as the audio plays', async () => {
    const words = ['Hi,', 'it', 'is', 'Maya.'].map((word, i) => ({ word, start: 0.5 + i, end: 1.2 + i }))
    renderPage({
      'GET /api/public-profiles/p1': {
        status: 200,
        body: {
          ...profile,
          welcome_audio_url: '/api/media/p1/welcome.webm?expires=1&signature=x',
          welcome_transcript: 'Hi, it is Maya.',
          welcome_word_timestamps: words,
        },
      },
    })
    const current = () => document.querySelector('[data-slot="transcript-word"][aria-current="true"]')?.textContent ?? null
    fireEvent.click(await screen.findByRole('button', { name: 'Play welcome message from Maya Ortiz' }))
    expect(current()).toBeNull()
    // it plays on the app's one player: the highlight follows that player's element
    const audio = document.querySelector<HTMLAudioElement>('audio[data-slot="audio-player"]')
    if (!audio) throw new Error('no shared player')
    Object.defineProperty(audio, 'currentTime', { configurable: true, writable: true, value: 2.6 })
    fireEvent(audio, new Event('timeupdate'))
    await waitFor(() => expect(current()).toBe('is'))
    Object.defineProperty(audio, 'currentTime', { configurable: true, writable: true, value: 3.7 })
    fireEvent(audio, new Event('pause'))
    await waitFor(() => expect(current()).toBe('Maya.'))
    expect(document.querySelector('[data-slot="transcript-word"][data-state="spoken"]')?.textContent).toBe('Hi,')
  })
})
