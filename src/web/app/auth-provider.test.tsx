import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

type SessionState = { data: { user: { id: string; name: string; email: string }; session: { id: string } } | null; isPending: boolean }
const session = vi.hoisted(() => ({ state: { data: null, isPending: true } as SessionState }))

vi.mock('#web/lib/auth-client.ts', () => ({
  authClient: {
    useSession: () => ({ ...session.state, refetch: async () => undefined }),
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
  queryClient = new QueryClient()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
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
})
