import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { Message } from '#shared/messages.ts'
import { testMessage } from '#web/test/fixtures.ts'
import { messageKeys } from './queries.ts'

vi.mock('#web/lib/use-auth.ts', () => ({ useAuth: () => ({ user: { id: 'me', name: 'Me' }, loading: false }) }))
const { useMessageTrack } = await import('./message-track.ts')

/** The track of `message` as the app makes it, with `unheard` as the cached GET /api/messages/unheard (none: not loaded). */
function trackOf(message: Message, unheard?: Message[]) {
  const queryClient = new QueryClient()
  if (unheard) queryClient.setQueryData(messageKeys.unheard('me'), { messages: unheard })
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  const { result } = renderHook(() => useMessageTrack(), { wrapper })
  return result.current(message, 'Ada')
}

describe('useMessageTrack: whether play-next has something (the mini player shows Next only then)', () => {
  const playing = testMessage({ id: 'm1', minutesAgo: 30, sender_id: 'ada' })
  const laterFromAda = testMessage({ id: 'm2', minutesAgo: 10, sender_id: 'ada' })
  const fromBob = testMessage({ id: 'm3', minutesAgo: 5, sender_id: 'bob' })

  it('has a next when the same sender has another unheard message', () => {
    expect(trackOf(playing, [playing, laterFromAda, fromBob]).hasNext?.()).toBe(true)
  })

  it("has none when only someone else's messages are unheard, or nothing is", () => {
    expect(trackOf(playing, [playing, fromBob]).hasNext?.()).toBe(false)
    expect(trackOf(playing, []).hasNext?.()).toBe(false)
  })

  it('may have one while the unheard list is not loaded yet', () => {
    expect(trackOf(playing).hasNext?.()).toBe(true)
  })

  it('plays nothing next after an own message', () => {
    const own = testMessage({ id: 'm4', sender_id: 'me', receiver_id: 'ada' })
    const track = trackOf(own, [laterFromAda])
    expect(track.next).toBeUndefined()
    expect(track.hasNext).toBeUndefined()
  })
})
