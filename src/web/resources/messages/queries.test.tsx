import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGE_STATUS_POLL_MS } from '#shared/speech.ts'
import { setRealtimeStatus } from '#web/lib/realtime-status.ts'
import { testMessage } from '#web/test/fixtures.ts'

vi.mock('#web/lib/use-auth.ts', () => ({ useAuth: () => ({ user: { id: 'me' }, loading: false }) }))
const { useContactMessagesQuery } = await import('./queries.ts')

let answer: ReturnType<typeof testMessage>
const fetchMock = vi.fn(
  async () =>
    new Response(JSON.stringify({ messages: [answer], total: 1, nextCursor: null }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    }),
)

function Conversation() {
  useContactMessagesQuery('c1')
  return null
}

function renderConversation() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Conversation />
    </QueryClientProvider>,
  )
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockClear()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  setRealtimeStatus('closed')
})

describe('useContactMessagesQuery without live updates', () => {
  it('asks again every 3 s while a transcription is on its way, and stops once it is there', async () => {
    answer = testMessage({ processing_status: 'pending' })
    renderConversation()
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await act(() => vi.advanceTimersByTimeAsync(MESSAGE_STATUS_POLL_MS))
    expect(fetchMock).toHaveBeenCalledTimes(2)
    answer = testMessage({ processing_status: 'completed', transcription: 'hello' })
    await act(() => vi.advanceTimersByTimeAsync(MESSAGE_STATUS_POLL_MS))
    expect(fetchMock).toHaveBeenCalledTimes(3)
    await act(() => vi.advanceTimersByTimeAsync(MESSAGE_STATUS_POLL_MS * 3))
    expect(fetchMock).toHaveBeenCalledTimes(3)
  })

  it('leaves it to the realtime socket while that is open', async () => {
    setRealtimeStatus('open')
    answer = testMessage({ processing_status: 'processing' })
    renderConversation()
    await act(() => vi.advanceTimersByTimeAsync(MESSAGE_STATUS_POLL_MS * 3))
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})
