import { afterEach, describe, expect, it, vi } from 'vitest'
import { ACCOUNT_DISABLED_CLOSE_REASON, REALTIME_RECONNECT_MAX_MS, SESSION_ENDED_CLOSE_CODE } from '#shared/realtime.ts'
import { connectRealtime, reconnectDelay } from './realtime-client.ts'

describe('reconnectDelay', () => {
  it('doubles from 1 s and stops growing at 30 s', () => {
    const middle = () => 0.5
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => reconnectDelay(attempt, middle))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })

  it('spreads tabs out by up to a quarter either way', () => {
    expect(reconnectDelay(0, () => 0)).toBe(750)
    expect(reconnectDelay(0, () => 0.999999)).toBe(1250)
  })
})

describe('connectRealtime', () => {
  /** A socket double: the test closes it the way the server would. */
  class FakeSocket {
    static opened: FakeSocket[] = []
    onopen: (() => void) | null = null
    onmessage: ((message: { data: unknown }) => void) | null = null
    onclose: ((event: { code: number; reason?: string }) => void) | null = null
    readonly url: string
    constructor(url: string) {
      this.url = url
      FakeSocket.opened.push(this)
    }
    close() {}
  }

  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
    FakeSocket.opened = []
  })

  it('reconnects after a dropped connection, but not after the server ended the session, which it reports', () => {
    vi.useFakeTimers()
    vi.stubGlobal('WebSocket', FakeSocket)
    const onSessionEnded = vi.fn()
    const connection = connectRealtime({ onEvent: () => undefined, onSessionEnded, url: 'ws://test/api/realtime' })
    FakeSocket.opened[0]?.onclose?.({ code: 1006 })
    vi.advanceTimersByTime(REALTIME_RECONNECT_MAX_MS * 2)
    expect(FakeSocket.opened).toHaveLength(2)
    expect(onSessionEnded).not.toHaveBeenCalled()

    FakeSocket.opened[1]?.onclose?.({ code: SESSION_ENDED_CLOSE_CODE })
    vi.advanceTimersByTime(REALTIME_RECONNECT_MAX_MS * 2)
    expect(FakeSocket.opened).toHaveLength(2)
    expect(onSessionEnded).toHaveBeenCalledOnce()
    connection.close()
  })

  it("hands on the close's reason, so a tab signed out because the owner disabled the account can say so", () => {
    vi.stubGlobal('WebSocket', FakeSocket)
    const onSessionEnded = vi.fn()
    const connection = connectRealtime({ onEvent: () => undefined, onSessionEnded, url: 'ws://test/api/realtime' })
    FakeSocket.opened.at(-1)?.onclose?.({ code: SESSION_ENDED_CLOSE_CODE, reason: ACCOUNT_DISABLED_CLOSE_REASON })
    expect(onSessionEnded).toHaveBeenCalledWith(ACCOUNT_DISABLED_CLOSE_REASON)
    connection.close()
  })
})
