import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

type SessionState = {
  data: { user: { id: string; name: string; email: string }; session: { id: string } } | null
  isPending: boolean
  error?: { status: number } | null
}
const session = vi.hoisted(() => ({ state: { data: null, isPending: true } as SessionState, refetches: 0 }))

vi.mock('#web/lib/auth-client.ts', () => ({
  authClient: {
    useSession: () => ({
      error: null,
      ...session.state,
      refetch: async () => {
        session.refetches += 1
      },
    }),
    signOut: async () => ({ data: { success: true }, error: null }),
  },
}))

const { AuthProvider } = await import('./auth-provider.tsx')
const { useAuth } = await import('#web/lib/use-auth.ts')

let queryClient = new QueryClient()

function Wrapped({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  )
}

function Probe() {
  const { user, loading, isAuthenticated } = useAuth()
  return <p>{loading ? 'loading' : isAuthenticated ? `signed in as ${user?.name}` : 'signed out'}</p>
}

beforeEach(() => {
  session.state = { data: null, isPending: true }
  session.refetches = 0
  queryClient = new QueryClient()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('useAuth', () => {
  it('refuses to work outside its provider', () => {
    // React reports the thrown render error through console.error; that one is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider')
  })

  it('is loading until the first session lookup answers', () => {
    const view = render(
      <Wrapped>
        <Probe />
      </Wrapped>,
    )
    expect(screen.getByText('loading')).toBeTruthy()
    session.state = { data: { user: { id: 'u1', name: 'Robin', email: 'robin@example.com' }, session: { id: 's1' } }, isPending: false }
    view.rerender(
      <Wrapped>
        <Probe />
      </Wrapped>,
    )
    expect(screen.getByText('signed in as Robin')).toBeTruthy()
  })

  it('keeps the settled state while the session is looked up again', () => {
    session.state = { data: null, isPending: false }
    const view = render(
      <Wrapped>
        <Probe />
      </Wrapped>,
    )
    expect(screen.getByText('signed out')).toBeTruthy()
    session.state = { data: null, isPending: true }
    view.rerender(
      <Wrapped>
        <Probe />
      </Wrapped>,
    )
    expect(screen.getByText('signed out')).toBeTruthy()
  })

  it("forgets the previous person's cached data once the session has ended", () => {
    session.state = { data: { user: { id: 'u1', name: 'Robin', email: 'robin@example.com' }, session: { id: 's1' } }, isPending: false }
    const view = render(
      <Wrapped>
        <Probe />
      </Wrapped>,
    )
    queryClient.setQueryData(['profile', 'own', 'u1'], { name: 'Robin' })
    session.state = { data: null, isPending: false }
    view.rerender(
      <Wrapped>
        <Probe />
      </Wrapped>,
    )
    expect(screen.getByText('signed out')).toBeTruthy()
    expect(queryClient.getQueryData(['profile', 'own', 'u1'])).toBeUndefined()
  })

  it.each([429, 500, 503, 0])('treats a first lookup that failed with %i as "try again", not as signed out', async (status) => {
    vi.useFakeTimers()
    session.state = { data: null, isPending: false, error: { status } }
    const view = render(
      <Wrapped>
        <Probe />
      </Wrapped>,
    )
    expect(screen.getByText('loading')).toBeTruthy()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(session.refetches).toBe(1)
    // the retry answers: signed in after all
    session.state = { data: { user: { id: 'u1', name: 'Robin', email: 'robin@example.com' }, session: { id: 's1' } }, isPending: false }
    view.rerender(
      <Wrapped>
        <Probe />
      </Wrapped>,
    )
    expect(screen.getByText('signed in as Robin')).toBeTruthy()
  })

  it('keeps a signed-in person signed in when a later lookup is rate limited', () => {
    const robin = { user: { id: 'u1', name: 'Robin', email: 'robin@example.com' }, session: { id: 's1' } }
    session.state = { data: robin, isPending: false }
    const view = render(
      <Wrapped>
        <Probe />
      </Wrapped>,
    )
    // Better Auth keeps the last session on any error but a 401
    session.state = { data: robin, isPending: false, error: { status: 429 } }
    view.rerender(
      <Wrapped>
        <Probe />
      </Wrapped>,
    )
    expect(screen.getByText('signed in as Robin')).toBeTruthy()
  })

  it('treats a 401 as signed out, without trying again', async () => {
    vi.useFakeTimers()
    session.state = { data: null, isPending: false, error: { status: 401 } }
    render(
      <Wrapped>
        <Probe />
      </Wrapped>,
    )
    expect(screen.getByText('signed out')).toBeTruthy()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(session.refetches).toBe(0)
  })
})
