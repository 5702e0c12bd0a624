import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { createTakeStore, recoverTake, type Take } from './outbox.ts'

const take = (overrides: Partial<Take>): Take => ({
  id: 't1',
  ownerId: 'me',
  contactId: 'c1',
  contactName: 'Maya',
  replyTo: null,
  blob: new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' }),
  durationSeconds: 3,
  state: 'draft',
  error: null,
  uploadId: null,
  updatedAt: 1,
  ...overrides,
})

describe.each([
  ['IndexedDB', () => createTakeStore(new IDBFactory())],
  ['the page (no IndexedDB)', () => createTakeStore(null as unknown as undefined)],
])('the takes kept on this device, in %s', (_where, makeStore) => {
  // (the audio itself is not checked here: fake-indexeddb clones jsdom's Blob into an empty object, where a browser keeps it)
  it('keeps a take until it is deleted', async () => {
    const store = makeStore()
    await store.put(take({}))
    const kept = await store.get('t1')
    expect(kept).toMatchObject({ id: 't1', contactName: 'Maya', state: 'draft' })
    await store.put(take({ state: 'queued', updatedAt: 2 }))
    expect((await store.get('t1'))?.state).toBe('queued')
    await store.delete('t1')
    expect(await store.get('t1')).toBeNull()
  })

  it("lists only this person's takes, oldest first, so the outbox sends them in the order they were made", async () => {
    const store = makeStore()
    await store.put(take({ id: 'late', updatedAt: 30 }))
    await store.put(take({ id: 'early', updatedAt: 10 }))
    await store.put(take({ id: 'theirs', ownerId: 'someone-else', updatedAt: 20 }))
    expect((await store.list('me')).map((t) => t.id)).toEqual(['early', 'late'])
    expect((await store.list('someone-else')).map((t) => t.id)).toEqual(['theirs'])
  })
})

describe('recoverTake', () => {
  it('turns a take cut off while recording into a draft, and leaves the others as they were', () => {
    expect(recoverTake(take({ state: 'recording' })).state).toBe('draft')
    for (const state of ['draft', 'queued', 'failed'] as const) expect(recoverTake(take({ state })).state).toBe(state)
  })
})
