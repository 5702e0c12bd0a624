import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Message } from '#shared/messages.ts'
import { testContact, testMessage } from '#web/test/fixtures.ts'

const toastError = vi.hoisted(() => vi.fn())
vi.mock('#web/lib/toast.ts', () => ({ toast: { error: toastError, success: vi.fn() } }))
vi.mock('#web/lib/use-auth.ts', () => ({ useAuth: () => ({ user: { id: 'me' }, loading: false }) }))

const { ConversationPage } = await import('./conversation-page.tsx')
const { ContactDetailPage } = await import('./contact-detail-page.tsx')

const contact = testContact({ inactive_days: 42 })

const json = (data: unknown, code = 200) =>
  new Response(JSON.stringify(data), { status: code, headers: { 'content-type': 'application/json' } })

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response> | undefined

function renderAt(
  url: string,
  status: number,
  body: unknown,
  { messages = [] as Message[], handle }: { messages?: Message[]; handle?: Handler } = {},
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input)
    const handled = await handle?.(path, init)
    if (handled) return handled
    if (path.endsWith('/messages')) return json({ messages, total: messages.length, nextCursor: null })
    if (path.startsWith('/api/contacts?status='))
      return json({ contacts: path.endsWith('active') && !path.endsWith('inactive') ? [contact] : [] })
    return json(body, status)
  })
  vi.stubGlobal('fetch', fetchMock)
  const router = createMemoryRouter(
    [
      { path: '/contacts/:id', element: <ConversationPage /> },
      { path: '/contacts/profile/:contactId', element: <ContactDetailPage /> },
      { path: '/', element: <p>home page</p> },
    ],
    { initialEntries: [url] },
  )
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return Object.assign(router, { fetchMock })
}

const notFound = { error: { code: 'NOT_FOUND', message: 'Contact not found.' } }

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  toastError.mockReset()
})

/** n messages, alternating received and sent, the i-th i minutes old (so index 0 is the newest) */
function conversation(n: number): Message[] {
  return Array.from({ length: n }, (_, i) =>
    testMessage({
      id: `m${i}`,
      minutesAgo: i + 1,
      ...(i % 2 ? { sender_id: 'me', receiver_id: 'u1' } : {}),
      transcription: `words ${i}`,
      processing_status: 'completed',
    }),
  )
}

describe('ConversationPage', () => {
  it('shows the contact, the links and an empty conversation', async () => {
    renderAt('/contacts/c1', 200, contact)
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Ortiz' })).toBeTruthy()
    expect(screen.getByText('0 messages')).toBeTruthy()
    expect(screen.getByRole('link', { name: "Maya Ortiz's public profile" }).getAttribute('href')).toBe('/u/u1')
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/contacts/profile/c1')
    // recording happens in the composer, not on another screen
    expect(screen.getByRole('button', { name: `Record a message for ${contact.name}` })).toBeTruthy()
    expect(await screen.findByText('No messages yet')).toBeTruthy()
  })

  it('sees what arrived while it is in view (decision 206), and nothing while the tab is in the background', async () => {
    const seenCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
      fetchMock.mock.calls.filter(([path, init]) => path === '/api/contacts/c1/messages/seen' && (init as RequestInit)?.method === 'POST')
    const withNew = testContact({ unread_count: 1 })
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    try {
      const router = renderAt('/contacts/c1', 200, withNew, {
        messages: [testMessage({ id: 'fresh', minutesAgo: 1 })],
        handle: (path) => (path.endsWith('/messages/seen') ? json({ marked: 1 }) : undefined),
      })
      expect(await screen.findByRole('heading', { level: 2, name: 'Maya Ortiz, new' })).toBeTruthy()
      expect(seenCalls(router.fetchMock)).toEqual([])

      hidden.mockReturnValue('visible')
      document.dispatchEvent(new Event('visibilitychange'))
      await waitFor(() => expect(seenCalls(router.fetchMock)).toHaveLength(1))
      // seen is not heard: the message stays new until it is played
      expect(screen.getByRole('heading', { level: 2, name: 'Maya Ortiz, new' })).toBeTruthy()
    } finally {
      hidden.mockRestore()
    }
  })

  it('shows the message count and the cards as a chat: oldest at the top, newest at the bottom', async () => {
    renderAt('/contacts/c1', 200, contact, { messages: [...conversation(3)].reverse() })
    expect(await screen.findByText('3 messages')).toBeTruthy()
    expect(screen.getAllByRole('article').map((card) => within(card).getByText(/^words/).textContent)).toEqual([
      'words 2',
      'words 1',
      'words 0',
    ])
    // a server without paging answers no cursor: nothing older to offer
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).toBeNull()
  })

  it('loads older pages above with the cursor the server gave, each message once', async () => {
    const all = conversation(5) // m0 newest
    const router = renderAt('/contacts/c1', 200, contact, {
      handle: (path) => {
        if (path.endsWith('/messages')) return json({ messages: all.slice(0, 3), total: 5, nextCursor: 'cursor-1' })
        if (path.includes('/messages?')) return json({ messages: all.slice(2), total: 5, nextCursor: null })
        return undefined
      },
    })
    const texts = () => screen.getAllByRole('article').map((card) => within(card).getByText(/^words/).textContent)
    await waitFor(() => expect(texts()).toEqual(['words 2', 'words 1', 'words 0']))
    fireEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }))
    await waitFor(() => expect(texts()).toEqual(['words 4', 'words 3', 'words 2', 'words 1', 'words 0']))
    const older = router.fetchMock.mock.calls.map(([input]) => String(input)).find((path) => path.includes('/messages?'))
    expect(older).toBe('/api/contacts/c1/messages?before=cursor-1&limit=50')
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).toBeNull()
  })

  it('likes at once, and rolls back with a toast when the server refuses', async () => {
    let answer: (response: Response) => void = () => {}
    renderAt('/contacts/c1', 200, contact, {
      messages: [testMessage({ id: 'm1' })],
      handle: (path, init) =>
        path.endsWith('/like') && init?.method === 'POST' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    })
    const like = await screen.findByRole('button', { name: 'Like' })
    expect(like.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(like)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like' }).getAttribute('aria-pressed')).toBe('true'))
    answer(json({ error: { code: 'INTERNAL', message: 'Database is asleep' } }, 500))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like' }).getAttribute('aria-pressed')).toBe('false'))
    expect(toastError).toHaveBeenCalledWith('Could not update like', { description: 'Please try again.' })
  })

  it('says calmly that a contact left Hearth, lists what we sent each other, and offers no mic (decisions 120, 202)', async () => {
    const gone = testContact({ contact_user_id: null, account_deleted: true, archived_at: '2025-01-02T00:00:00.000Z', is_active: false })
    const mine = testMessage({ id: 'm1', sender_id: 'me', receiver_id: null, transcription: 'words kept', processing_status: 'completed' })
    const theirs = testMessage({
      id: 'm2',
      sender_id: null,
      receiver_id: 'me',
      left_contact_id: 'c1',
      transcription: 'their words kept',
      processing_status: 'completed',
    })
    renderAt('/contacts/c1', 200, gone, { messages: [theirs, mine] })
    expect(await screen.findByRole('region', { name: 'Maya Ortiz has left Hearth' })).toBeTruthy()
    expect(await screen.findByText('words kept')).toBeTruthy()
    expect(await screen.findByText('their words kept')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Reply' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Record a message/ })).toBeNull()
    expect(screen.queryByText('Failed to load messages')).toBeNull()
  })

  it('goes home for an unknown contact, replacing history', async () => {
    const router = renderAt('/contacts/nope', 404, notFound)
    expect(await screen.findByText('home page')).toBeTruthy()
    expect(router.state.historyAction).toBe('REPLACE')
  })
})

describe('ContactDetailPage', () => {
  /** The Online indicator: a live region among the page's other statuses (spinners). */
  const presence = () => screen.getAllByRole('status').find((status) => status.dataset.slot === 'online-status')

  it('shows who the contact is and where to go next', async () => {
    renderAt('/contacts/profile/c1', 200, contact)
    expect(screen.getByText('Loading contact profile...')).toBeTruthy()
    expect(await screen.findByRole('heading', { level: 1, name: 'You & Maya Ortiz' })).toBeTruthy()
    expect(screen.getByText('Inactive for 42 days')).toBeTruthy()
    expect(presence()?.textContent).toBe('Maya Ortiz is Offline')
    expect(screen.getByRole('link', { name: 'View public profile' }).getAttribute('href')).toBe('/profile/u1')
    expect(screen.getByRole('link', { name: 'Open conversation' }).getAttribute('href')).toBe('/contacts/c1')
    expect(screen.getByRole('heading', { name: 'Conversation (0)' })).toBeTruthy()
  })

  it('shows a green Online indicator while the contact is online', async () => {
    renderAt('/contacts/profile/c1', 200, { ...contact, is_online: true })
    await screen.findByRole('heading', { level: 1, name: 'You & Maya Ortiz' })
    expect(presence()?.textContent).toBe('Maya Ortiz is Online')
    expect(presence()?.getAttribute('data-online')).toBe('true')
  })

  it("shows the last 8 messages oldest to newest, opening playback, with 'View All' above 5", async () => {
    renderAt('/contacts/profile/c1', 200, contact, { messages: conversation(10) })
    expect(await screen.findByRole('heading', { name: 'Conversation (10)' })).toBeTruthy()
    const rows = within(screen.getByRole('list', { name: 'Recent messages' })).getAllByRole('link')
    expect(rows.map((row) => row.getAttribute('href'))).toEqual(
      ['m7', 'm6', 'm5', 'm4', 'm3', 'm2', 'm1', 'm0'].map((id) => `/playback/${id}`),
    )
    expect(rows[7]?.textContent).toContain('Maya Ortiz')
    expect(rows[6]?.textContent).toContain('You')
    // each row plays on the shared player
    const plays = within(screen.getByRole('list', { name: 'Recent messages' })).getAllByRole('button', { name: /^Play message from / })
    expect(plays.map((button) => button.getAttribute('aria-label'))).toEqual(
      [7, 6, 5, 4, 3, 2, 1, 0].map((i) => (i % 2 ? 'Play message from you' : 'Play message from Maya Ortiz')),
    )
    expect(screen.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/contacts/c1')
    cleanup()
    renderAt('/contacts/profile/c1', 200, contact, { messages: conversation(5) })
    expect(await screen.findByRole('heading', { name: 'Conversation (5)' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'View All' })).toBeNull()
    cleanup()
    renderAt('/contacts/profile/c1', 200, contact, { messages: conversation(6) })
    expect(await screen.findByRole('link', { name: 'View All' })).toBeTruthy()
  })

  it('offers Try Again and Go Back when loading fails, and goes home for an unknown id', async () => {
    renderAt('/contacts/profile/c1', 500, { error: { code: 'INTERNAL', message: 'Database is asleep' } })
    expect(await screen.findByText('Failed to load contacts')).toBeTruthy()
    expect(screen.getByText('Database is asleep')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy()
    cleanup()
    renderAt('/contacts/profile/nope', 404, notFound)
    expect(await screen.findByText('home page')).toBeTruthy()
  })
})
