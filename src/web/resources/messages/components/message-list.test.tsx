import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Message } from '#shared/messages.ts'
import { testMessage } from '#web/test/fixtures.ts'

vi.mock('#web/lib/use-auth.ts', () => ({ useAuth: () => ({ user: { id: 'me' }, loading: false }) }))

const { MessageList } = await import('./message-list.tsx')

function renderList(messages: Message[], onPlayUnread = vi.fn()) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <MessageList messages={messages} ownUserId="me" contactId="c1" contactName="Maya Ortiz" onPlayUnread={onPlayUnread} />,
      },
    ],
    { initialEntries: ['/'] },
  )
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('MessageList', () => {
  it("quotes what a reply answers: who ('You' or the name) and its first words, or its length, opening the answered message", () => {
    renderList([
      testMessage({ id: 'asked', sender_id: 'me', receiver_id: 'u1', minutesAgo: 30, transcription: 'Shall we go?' }),
      testMessage({
        id: 'answer',
        minutesAgo: 20,
        reply_to_id: 'asked',
        reply_to: { id: 'asked', sender_id: 'me', excerpt: 'Shall we go?', duration_seconds: 4 },
      }),
      testMessage({
        id: 'mine',
        sender_id: 'me',
        receiver_id: 'u1',
        minutesAgo: 10,
        reply_to_id: 'answer',
        reply_to: { id: 'answer', sender_id: 'u1', excerpt: null, duration_seconds: 12.4 },
      }),
    ])
    const [asked, answer, mine] = screen.getAllByRole('article')
    expect(asked?.querySelector('[data-slot=reply-quote]')).toBeNull()
    const theirQuote = within(answer as HTMLElement).getByRole('link', { name: /^In reply to You ?: Shall we go\?$/ })
    expect(theirQuote.getAttribute('href')).toBe('/playback/asked')
    const myQuote = within(mine as HTMLElement).getByRole('link', { name: /^In reply to Maya Ortiz ?: Voice message 0:12$/ })
    expect(myQuote.getAttribute('href')).toBe('/playback/answer')
  })

  it('shows oldest to newest, as a chat, with who, when, m:ss, text or status, ticks, the unread marker and Reply only on received', () => {
    renderList([
      testMessage({ id: 'old', minutesAgo: 120, processing_status: 'failed', is_read: true }),
      testMessage({
        id: 'mine-read',
        sender_id: 'me',
        receiver_id: 'u1',
        minutesAgo: 30,
        is_read: true,
        transcription: 'See you Sunday',
        processing_status: 'completed',
      }),
      testMessage({
        id: 'mine-sent',
        sender_id: 'me',
        receiver_id: 'u1',
        minutesAgo: 10,
        processing_status: 'processing',
        duration_seconds: 5,
      }),
      testMessage({ id: 'new', minutesAgo: 2 }),
    ])
    const inOrder = screen.getAllByRole('article')
    expect(inOrder.map((card) => card.querySelector('a')?.getAttribute('href'))).toEqual(
      ['old', 'mine-read', 'mine-sent', 'new'].map((id) => `/playback/${id}`),
    )
    // newest first below, as the assertions were written
    const cards = [...inOrder].reverse()
    const [card0, card1, card2, card3] = cards as [HTMLElement, HTMLElement, HTMLElement, HTMLElement]
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Maya Ortiz, new', 'You', 'You', 'Maya Ortiz'])
    // the short time on the bubble, the whole one in its title
    expect(within(card0).getByText('2 min ago').getAttribute('title')).toBe('2 minutes ago')
    expect(within(card0).getByText('New')).toBeTruthy()
    expect(within(card0).getByText('1:13')).toBeTruthy()
    expect(within(card0).getByText('Transcription pending...')).toBeTruthy()
    expect(within(card1).getByText('Processing transcription...')).toBeTruthy()
    expect(within(card1).getByText('0:05')).toBeTruthy()
    expect(within(card1).getByRole('img', { name: 'Sent' })).toBeTruthy()
    expect(within(card2).getByText('See you Sunday')).toBeTruthy()
    expect(within(card2).getByRole('img', { name: 'Read' })).toBeTruthy()
    expect(within(card3).getByText("Transcription failed - message received but couldn't be processed")).toBeTruthy()
    expect(within(card3).queryByText('New')).toBeNull()
    expect(within(card3).queryByRole('img', { name: /Sent|Read/ })).toBeNull()

    const replies = screen.getAllByRole('link', { name: 'Reply' })
    expect(replies.map((link) => link.getAttribute('href'))).toEqual(['/record/c1?replyTo=old', '/record/c1?replyTo=new'])
    expect(within(card0).getByRole('link', { name: 'Open message from Maya Ortiz, 2 min ago' }).getAttribute('href')).toBe('/playback/new')
    expect(within(card1).getByRole('button', { name: 'Play message from you' })).toBeTruthy()
    expect(within(card0).getByRole('button', { name: 'Play message from Maya Ortiz' })).toBeTruthy()
    expect(within(card0).getByRole('button', { name: 'Like' }).getAttribute('aria-pressed')).toBe('false')
  })

  it('shows at most 3 emotions and 5 topics, and nothing while there are none', () => {
    renderList([
      testMessage({ id: 'a', emotions: ['joy', 'calm', 'hope', 'awe'], topics: ['t1', 't2', 't3', 't4', 't5', 't6'] }),
      testMessage({ id: 'b', minutesAgo: 9 }),
    ])
    const [plain, tagged] = screen.getAllByRole('article') as [HTMLElement, HTMLElement]
    expect(within(within(tagged).getByRole('list', { name: 'Emotions' })).getAllByRole('listitem')).toHaveLength(3)
    expect(within(within(tagged).getByRole('list', { name: 'Topics' })).getAllByRole('listitem')).toHaveLength(5)
    expect(within(plain).queryByRole('list', { name: 'Emotions' })).toBeNull()
    expect(within(plain).queryByRole('list', { name: 'Topics' })).toBeNull()
  })

  it('says nothing under a bubble whose transcript is too unsure to read the mood (the playback screen says it once)', () => {
    renderList([testMessage({ id: 'unsure', processing_status: 'completed', transcription: 'uh', transcript_confidence: 0.1 })])
    const card = screen.getByRole('article')
    expect(card.dataset.insights).toBe('held-back')
    expect(within(card).queryByText('Not enough clear words to read the mood')).toBeNull()
  })

  it('reports playing a received unread message, and not an own one; the player marks it heard as it starts', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      Response.json(testMessage({ id: 'r', is_read: true })),
    )
    vi.stubGlobal('fetch', fetchMock)
    const onPlayUnread = vi.fn()
    renderList([testMessage({ id: 'r' }), testMessage({ id: 'o', sender_id: 'me', receiver_id: 'u1', minutesAgo: 8 })], onPlayUnread)
    fireEvent.click(screen.getByRole('button', { name: 'Play message from you' }))
    expect(onPlayUnread).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Play message from Maya Ortiz' }))
    expect(onPlayUnread).toHaveBeenCalledWith(expect.objectContaining({ id: 'r' }))
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/messages/r/read', expect.objectContaining({ method: 'POST' })))
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/messages/o/read')).toHaveLength(0)
  })

  it('offers a retry under a failed transcription within 2 hours and asks the server', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify(testMessage({ id: 'fresh', processing_status: 'pending', minutesAgo: 5 })), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    )
    vi.stubGlobal('fetch', fetchMock)
    renderList([
      testMessage({ id: 'fresh', processing_status: 'failed', minutesAgo: 5 }),
      testMessage({ id: 'stale', processing_status: 'failed', minutesAgo: 180 }),
    ])
    const [stale, fresh] = screen.getAllByRole('article') as [HTMLElement, HTMLElement]
    expect(within(stale).queryByRole('button', { name: 'Retry transcription' })).toBeNull()
    fireEvent.click(within(fresh).getByRole('button', { name: 'Retry transcription' }))
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/messages/fresh/retry-transcription', expect.objectContaining({ method: 'POST' })),
    )
  })
})
