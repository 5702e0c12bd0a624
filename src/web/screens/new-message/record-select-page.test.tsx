import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testContact } from '#web/test/fixtures.ts'

vi.mock('#web/lib/use-auth.ts', () => ({ useAuth: () => ({ user: { id: 'me' }, loading: false }) }))

const { RecordSelectPage } = await import('./record-select-page.tsx')

function contact(id: string, name: string, sent: number) {
  return testContact({ id, name, contact_user_id: `u-${id}`, consecutive_messages_sent: sent })
}

function renderWith(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  )
  vi.stubGlobal('fetch', fetchMock)
  const router = createMemoryRouter(
    [
      { path: '/record/select', element: <RecordSelectPage /> },
      { path: '/record/:contactId', element: <p>record page</p> },
    ],
    { initialEntries: ['/record/select'] },
  )
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { router, fetchMock }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('RecordSelectPage', () => {
  it('lists active contacts with what may be sent, greying out the one at the limit', async () => {
    const { router, fetchMock } = renderWith(200, {
      contacts: [contact('a', 'Ada', 0), contact('b', 'Ben', 1), contact('c', 'Cleo', 2), contact('d', 'Dev', 3)],
    })
    expect(screen.getByRole('heading', { level: 1, name: 'Record a message' })).toBeTruthy()
    expect(await screen.findByText('Ready to receive your message')).toBeTruthy()
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/contacts?status=active')
    expect(screen.getByText('1 message sent')).toBeTruthy()
    expect(screen.getByText('2 messages sent')).toBeTruthy()
    expect(screen.getByText('3/3 sent')).toBeTruthy()
    expect(screen.getByText('Waiting for their reply before sending more')).toBeTruthy()
    const dev = screen.getByRole('link', { name: /^Dev / })
    expect(dev.getAttribute('aria-disabled')).toBe('true')
    expect(dev.getAttribute('href')).toBeNull()

    fireEvent.click(screen.getByRole('link', { name: /^Ben / }))
    expect(await screen.findByText('record page')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/record/b')
  })

  it('shows the empty state with a way to add friends', async () => {
    renderWith(200, { contacts: [] })
    expect(await screen.findByText('No active contacts available to share with')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Add a friend' }).getAttribute('href')).toBe('/contacts/add')
  })

  it('offers Retry when loading fails', async () => {
    renderWith(500, { error: { code: 'INTERNAL_ERROR', message: 'Database is asleep' } })
    expect(await screen.findByText('Failed to load contacts')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
  })
})
