import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PUSH_TEXTS } from '#shared/notifications-texts.ts'
import { usePush } from './push.ts'

type FakeSubscription = { endpoint: string; toJSON: () => object; unsubscribe: ReturnType<typeof vi.fn> }

/** A browser whose push manager holds `held` (null: none) and makes `made` on subscribe. */
function installBrowser(held: FakeSubscription | null, made: FakeSubscription) {
  let current = held
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => (current = made)),
  }
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve({ pushManager }) } })
  vi.stubGlobal('PushManager', class {})
  vi.stubGlobal('Notification', { permission: 'granted', requestPermission: vi.fn() })
  return pushManager
}

const subscription = (endpoint: string): FakeSubscription => ({
  endpoint,
  toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
  unsubscribe: vi.fn(async () => true),
})

/** The API: the key, then each subscription post answered in turn. */
function installApi(subscriptionAnswers: number[]) {
  const posted: string[] = []
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/push/key') return json(200, { public_key: 'key' })
      posted.push((JSON.parse(String(init?.body)) as { endpoint: string }).endpoint)
      const status = subscriptionAnswers.shift() ?? 200
      return status === 200 ? json(200, { ok: true }) : json(status, { error: { code: 'CONFLICT', message: PUSH_TEXTS.endpointTaken } })
    }),
  )
  return posted
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('usePush enable', () => {
  it('posts the subscription this browser already holds', async () => {
    const held = subscription('https://push.example/held')
    installBrowser(held, subscription('https://push.example/new'))
    const posted = installApi([200])
    const { result } = renderHook(() => usePush())
    await waitFor(() => expect(result.current.subscribed).toBe(true))
    await act(() => result.current.enable())
    expect(posted).toEqual(['https://push.example/held'])
    expect(held.unsubscribe).not.toHaveBeenCalled()
    expect(result.current.subscribed).toBe(true)
  })

  it('drops a subscription the server keeps for someone else and posts a new one', async () => {
    const held = subscription('https://push.example/someone-elses')
    const pushManager = installBrowser(held, subscription('https://push.example/mine'))
    const posted = installApi([409, 200])
    const { result } = renderHook(() => usePush())
    await waitFor(() => expect(result.current.subscribed).toBe(true))
    await act(() => result.current.enable())
    expect(held.unsubscribe).toHaveBeenCalledOnce()
    expect(pushManager.subscribe).toHaveBeenCalledOnce()
    expect(posted).toEqual(['https://push.example/someone-elses', 'https://push.example/mine'])
    expect(result.current.subscribed).toBe(true)
  })
})
