import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('#web/lib/use-auth.ts', () => ({ useAuth: () => ({ user: { id: 'me' }, loading: false }) }))

const { DirectoryPage } = await import('./directory-page.tsx')

function renderPage(reply: (q: string) => { status: number; body: unknown }) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost')
    const { status, body } = reply(url.searchParams.get('q') ?? '')
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetchMock)
  function Where() {
    const location = useLocation()
    return <p>{`at ${location.pathname} from ${(location.state as { referrer?: string } | null)?.referrer ?? '-'}`}</p>
  }
  const router = createMemoryRouter(
    [
      { path: '/contacts/add/directory', element: <DirectoryPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/contacts/add/directory'] },
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return fetchMock
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('DirectoryPage', () => {
  it('searches once typing pauses and opens a profile with the way back', async () => {
    const fetchMock = renderPage(() => ({ status: 200, body: { results: [{ id: 'u1', name: 'Maya Ortiz', profile_picture_url: null }] } }))
    expect(screen.getByText('Look for someone you know')).toBeTruthy()
    const input = screen.getByLabelText('Search people on Hearth')
    expect(input.getAttribute('placeholder')).toBe('Search by name or email...')
    fireEvent.change(input, { target: { value: 'M' } })
    fireEvent.change(input, { target: { value: 'Maya' } })
    const link = await screen.findByRole('link', { name: 'See profile of Maya Ortiz' })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/directory?q=Maya')
    fireEvent.click(link)
    expect(await screen.findByText('at /u/u1 from /contacts/add/directory')).toBeTruthy()
  })

  it('says when nobody matches, and clears the search', async () => {
    renderPage(() => ({ status: 200, body: { results: [] } }))
    fireEvent.change(screen.getByLabelText('Search people on Hearth'), { target: { value: 'zz' } })
    expect(await screen.findByText('No users found. Try a different search term.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'New search' }))
    expect(screen.getByText('Look for someone you know')).toBeTruthy()
  })

  it("shows the server's words when searching too fast", async () => {
    const fetchMock = renderPage(() => ({
      status: 429,
      body: { error: { code: 'RATE_LIMITED', message: 'Too many searches. Wait a minute.' } },
    }))
    fireEvent.change(screen.getByLabelText('Search people on Hearth'), { target: { value: 'Maya' } })
    expect(await screen.findByText('Too many searches. Wait a minute.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2))
  })
})
