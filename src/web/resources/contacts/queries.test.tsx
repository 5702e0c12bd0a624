import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type * as React from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ContactList } from '#shared/contacts.ts'
import { CONTACT_FETCH_TIMEOUT_MS } from '#shared/limits.ts'
import { testContact } from '#web/test/fixtures.ts'

vi.mock('#web/lib/use-auth.ts', () => ({ useAuth: () => ({ user: { id: 'me' }, loading: false }) }))
const {
  applyContactUpdate,
  contactKeys,
  contactStatusOf,
  CONTACT_TIMEOUT_CODE,
  useContactsQuery,
  useReorderContactsMutation,
  useUnblockMutation,
} = await import('./queries.ts')

const fetchMock = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>()
const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

let queryClient: QueryClient
const wrapper = ({ children }: { children: React.ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockReset()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const maya = testContact()
const sam = testContact({ id: 'c2', name: 'Sam Lee', contact_user_id: 'u2', display_order: 2 })
const active = contactKeys.list('me', 'active')
const archived = contactKeys.list('me', 'archived')
const isInvalid = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated === true

describe('contactStatusOf', () => {
  it('sorts a contact into the list the server would put it in', () => {
    expect(contactStatusOf(maya)).toBe('active')
    expect(contactStatusOf({ ...maya, is_active: false })).toBe('inactive')
    expect(contactStatusOf({ ...maya, is_active: true, archived_at: '2025-02-01T00:00:00.000Z' })).toBe('archived')
  })
})

describe('applyContactUpdate (a live update of one contact)', () => {
  it('replaces the contact in place in the list it stays in, and in its detail, without reading either again', () => {
    queryClient.setQueryData<ContactList>(active, { contacts: [maya, sam] })
    queryClient.setQueryData(contactKeys.detail('me', 'c1'), maya)
    applyContactUpdate(queryClient, 'me', { ...maya, unread_count: 2 })
    expect(queryClient.getQueryData<ContactList>(active)?.contacts.map((c) => [c.id, c.unread_count])).toEqual([
      ['c1', 2],
      ['c2', 0],
    ])
    expect(queryClient.getQueryData(contactKeys.detail('me', 'c1'))).toMatchObject({ unread_count: 2 })
    expect(isInvalid(active)).toBe(false)
  })

  it('reads again the list a contact leaves and the list it joins, and touches no other', () => {
    queryClient.setQueryData<ContactList>(active, { contacts: [maya, sam] })
    queryClient.setQueryData<ContactList>(archived, { contacts: [] })
    queryClient.setQueryData<ContactList>(contactKeys.list('me', 'inactive'), { contacts: [] })
    applyContactUpdate(queryClient, 'me', { ...maya, archived_at: '2025-02-01T00:00:00.000Z' })
    expect(isInvalid(active)).toBe(true)
    expect(isInvalid(archived)).toBe(true)
    expect(isInvalid(contactKeys.list('me', 'inactive'))).toBe(false)
    // the cached list is left as it was until the server's answer replaces it
    expect(queryClient.getQueryData<ContactList>(active)?.contacts).toHaveLength(2)
  })
})

describe('useReorderContactsMutation', () => {
  it('shows the new order at once, numbered from 1, and reads the circle again when the server has answered', async () => {
    queryClient.setQueryData<ContactList>(active, { contacts: [maya, sam] })
    let answer!: (response: Response) => void
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
    const { result } = renderHook(() => useReorderContactsMutation(), { wrapper })
    act(() => result.current.mutate(['c2', 'c1']))
    await waitFor(() =>
      expect(queryClient.getQueryData<ContactList>(active)?.contacts.map((c) => [c.id, c.display_order])).toEqual([
        ['c2', 1],
        ['c1', 2],
      ]),
    )
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/contacts/order')
    expect(JSON.parse(String(init?.body))).toEqual({ contact_ids: ['c2', 'c1'] })
    expect(isInvalid(active)).toBe(false)
    answer(json(null, 204))
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(isInvalid(active)).toBe(true)
  })

  it('puts the old order back when the server refuses', async () => {
    queryClient.setQueryData<ContactList>(active, { contacts: [maya, sam] })
    fetchMock.mockResolvedValueOnce(json({ error: 'Nope', code: 'VALIDATION' }, 400))
    const { result } = renderHook(() => useReorderContactsMutation(), { wrapper })
    act(() => result.current.mutate(['c2', 'c1']))
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(queryClient.getQueryData<ContactList>(active)?.contacts.map((c) => c.id)).toEqual(['c1', 'c2'])
  })
})

describe('useUnblockMutation', () => {
  const blocked = contactKeys.blocked('me')
  const person = (id: string) => ({ id, name: id, avatar_url: null, blocked_at: '2025-01-01T00:00:00.000Z' })

  it('takes the person off the blocked list at once', async () => {
    queryClient.setQueryData(blocked, { blocked: [person('r1'), person('r2')] })
    fetchMock.mockResolvedValueOnce(json({ ok: true }))
    const { result } = renderHook(() => useUnblockMutation(), { wrapper })
    act(() => result.current.mutate('r1'))
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/message-requests/r1/unblock')
    expect(queryClient.getQueryData<{ blocked: { id: string }[] }>(blocked)?.blocked.map((p) => p.id)).toEqual(['r2'])
  })

  it('brings them back when the server refuses', async () => {
    queryClient.setQueryData(blocked, { blocked: [person('r1'), person('r2')] })
    fetchMock.mockResolvedValueOnce(json({ error: 'Not found', code: 'NOT_FOUND' }, 404))
    const { result } = renderHook(() => useUnblockMutation(), { wrapper })
    act(() => result.current.mutate('r1'))
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(queryClient.getQueryData<{ blocked: { id: string }[] }>(blocked)?.blocked.map((p) => p.id)).toEqual(['r1', 'r2'])
  })
})

describe('useContactsQuery', () => {
  it('gives up after the time limit with the time-out code, which the circle shows as its own state', async () => {
    vi.useFakeTimers()
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error))),
    )
    const { result } = renderHook(() => useContactsQuery('active'), { wrapper })
    // the clock starts when the request leaves
    for (let tick = 0; tick < 100 && fetchMock.mock.calls.length === 0; tick++) await act(() => vi.advanceTimersByTimeAsync(0))
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await act(() => vi.advanceTimersByTimeAsync(CONTACT_FETCH_TIMEOUT_MS - 1))
    expect(result.current.isPending).toBe(true)
    // a moment after the limit (react-query tells the hook on a later tick)
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(result.current.error).toMatchObject({ code: CONTACT_TIMEOUT_CODE })
  })
})
