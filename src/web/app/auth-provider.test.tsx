import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen } from '@testing-library/react'
import { useEffect } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTH_TABS_MESSAGE_KEY, sessionMayHaveChanged } from '#web/lib/session-events.ts'
import { AuthProvider } from './auth-provider.tsx'
import { SESSION_QUERY_KEY, useAuth, type AuthState } from '#web/lib/use-auth.ts'

const ROBIN = {
  user: { id: 'u1', name: 'Robin', email: 'robin@example.com', emailVerified: true },
  session: { id: 's1', userId: 'u1', expiresAt: '2026-12-25T00:00:00.000Z', token: 'secret' },
}

/** What GET /api/auth/get-session answers next: a status and a body, or a network failure (status 0). */
type Answer = { status: number; body?: unknown }
let answer: Answer = { status: 200, body: null }
let lookups = 0
let held: ((answer: Answer) => void) | undefined

function respond({ status, body }: Answer): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

beforeEach(() => {
  answer = { status: 200, body: null }
  lookups = 0
  held = undefined
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      expect(url).toBe('/api/auth/get-session')
      lookups += 1
      if (answer.status === -1) return new Promise<Response>((resolve) => (held = (a) => resolve(respond(a))))
      if (answer.status === 0) throw new TypeError('Failed to fetch')
      return respond(answer)
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

let queryClient = new QueryClient()
/** The provider's last value, as the Probe saw it. */
const probed: { auth?: AuthState } = {}

function Probe() {
  const auth = useAuth()
  useEffect(() => {
    probed.auth = auth
  })
  const { user, loading, isAuthenticated } = auth
  return <p>{loading ? 'loading' : isAuthenticated ? `signed in as ${user?.name}` : 'signed out'}</p>
}

function renderProvider() {
  queryClient = new QueryClient()
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  )
}

describe('useAuth', () => {
  it('refuses to work outside its provider', () => {
    // React reports the thrown render error through console.error; that one is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider')
  })

  it('is loading until the first session lookup answers, then holds only what the web uses', async () => {
    answer = { status: -1 }
    renderProvider()
    expect(screen.getByText('loading')).toBeTruthy()
    await vi.waitFor(() => expect(held).toBeDefined())
    act(() => held!({ status: 200, body: ROBIN }))
    expect(await screen.findByText('signed in as Robin')).toBeTruthy()
    expect(probed.auth!.session).toEqual({ id: 's1', userId: 'u1', expiresAt: '2026-12-25T00:00:00.000Z' })
  })

  it('keeps the settled state while the session is looked up again', async () => {
    renderProvider()
    expect(await screen.findByText('signed out')).toBeTruthy()
    answer = { status: -1 }
    let again: Promise<void> | undefined
    act(() => {
      again = probed.auth!.refresh()
    })
    await vi.waitFor(() => expect(held).toBeDefined())
    expect(screen.getByText('signed out')).toBeTruthy()
    await act(async () => {
      held!({ status: 200, body: ROBIN })
      await again
    })
    expect(await screen.findByText('signed in as Robin')).toBeTruthy()
  })

  it("forgets the previous person's cached data once the session has ended, but not the session's own answer", async () => {
    answer = { status: 200, body: ROBIN }
    renderProvider()
    expect(await screen.findByText('signed in as Robin')).toBeTruthy()
    queryClient.setQueryData(['profile', 'own', 'u1'], { name: 'Robin' })
    answer = { status: 200, body: null }
    await act(() => probed.auth!.refresh())
    expect(await screen.findByText('signed out')).toBeTruthy()
    expect(queryClient.getQueryData(['profile', 'own', 'u1'])).toBeUndefined()
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull()
  })

  it.each([429, 500, 503, 0])('treats a first lookup that failed with %i as "try again", not as signed out', async (status) => {
    vi.useFakeTimers()
    answer = { status, body: status ? { error: { code: 'BUSY', message: 'Busy' } } : undefined }
    renderProvider()
    await vi.advanceTimersByTimeAsync(0)
    expect(lookups).toBe(1)
    expect(screen.getByText('loading')).toBeTruthy()
    // the retry answers: signed in after all
    answer = { status: 200, body: ROBIN }
    await vi.advanceTimersByTimeAsync(1_000)
    expect(lookups).toBe(2)
    await vi.waitFor(() => expect(screen.getByText('signed in as Robin')).toBeTruthy())
  })

  it('keeps a signed-in person signed in when a later lookup is rate limited', async () => {
    answer = { status: 200, body: ROBIN }
    renderProvider()
    expect(await screen.findByText('signed in as Robin')).toBeTruthy()
    answer = { status: 429 }
    await act(() => probed.auth!.refresh())
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
    expect(screen.getByText('signed in as Robin')).toBeTruthy()
  })

  it('treats a 401 as signed out, without trying again', async () => {
    vi.useFakeTimers()
    answer = { status: 401 }
    renderProvider()
    await vi.advanceTimersByTimeAsync(0)
    expect(screen.getByText('signed out')).toBeTruthy()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(lookups).toBe(1)
  })

  it("looks the session up again when Better Auth's client says it may have changed, and when another tab signed out", async () => {
    answer = { status: 200, body: ROBIN }
    renderProvider()
    expect(await screen.findByText('signed in as Robin')).toBeTruthy()
    answer = { status: 200, body: null }
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: AUTH_TABS_MESSAGE_KEY, newValue: '{"event":"session"}' })))
    expect(await screen.findByText('signed out')).toBeTruthy()
    answer = { status: 200, body: ROBIN }
    act(() => sessionMayHaveChanged())
    expect(await screen.findByText('signed in as Robin')).toBeTruthy()
    expect(lookups).toBe(3)
  })
})
