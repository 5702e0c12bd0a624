// @vitest-environment node
import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it, vi } from 'vitest'
import { ApiRequestError } from '#web/lib/api-client.ts'
import { DISK_TEXTS } from '#shared/disk.ts'
import {
  createOutbox,
  createTakeStore,
  isRetryableUploadError,
  isStorageAway,
  UploadFailedError,
  UPLOAD_ATTEMPTS,
  type Outbox,
  type OutboxTransport,
  type Take,
} from './outbox.ts'

function makeTake(change: Partial<Take> = {}): Take {
  return {
    id: crypto.randomUUID(),
    ownerId: 'me',
    contactId: 'c1',
    contactName: 'Sam',
    replyTo: null,
    blob: new Blob(['voice'], { type: 'audio/webm' }),
    durationSeconds: 42,
    state: 'draft',
    error: null,
    uploadId: null,
    updatedAt: Date.now(),
    ...change,
  }
}

const offline = () => new ApiRequestError(0, 'NETWORK_ERROR', 'Network error. Check your connection and try again.')

describe('take store', () => {
  it('keeps takes with their audio across a reload and lists only the owner’s', async () => {
    const factory = new IDBFactory()
    const take = makeTake({ state: 'recording' })
    await createTakeStore(factory).put(take)
    await createTakeStore(factory).put(makeTake({ ownerId: 'someone else' }))

    // a new store on the same database: what a reload sees
    const reopened = createTakeStore(factory)
    const [kept, ...others] = await reopened.list('me')
    expect(others).toEqual([])
    expect(kept).toMatchObject({ id: take.id, contactName: 'Sam', durationSeconds: 42, state: 'recording' })
    expect(await kept?.blob.text()).toBe('voice')
    await reopened.delete(take.id)
    expect(await reopened.get(take.id)).toBeNull()
  })

  it('offers a recording cut short by a reload back as a draft', async () => {
    const store = createTakeStore(new IDBFactory())
    const take = makeTake({ state: 'recording' })
    await store.put(take)
    const outbox = createOutbox({ store, ownerId: 'me', transport: { upload: vi.fn(), send: vi.fn() } })
    await outbox.load()
    expect(outbox.getTakes()).toEqual([expect.objectContaining({ id: take.id, state: 'draft' })])
    expect((await store.get(take.id))?.state).toBe('draft')
  })
})

describe('outbox', () => {
  it('waits while offline and sends once the connection returns, in order', async () => {
    const store = createTakeStore(new IDBFactory())
    let online = false
    const sent: string[] = []
    const transport: OutboxTransport = {
      upload: vi.fn(async () => 'upload-1'),
      send: vi.fn(async (take: Take) => {
        sent.push(take.id)
      }),
    }
    const onSent = vi.fn()
    const outbox = createOutbox({ store, transport, ownerId: 'me', isOnline: () => online, onSent })
    const first = makeTake()
    const second = makeTake()
    await outbox.enqueue(first)
    await outbox.enqueue(second)
    expect(transport.upload).not.toHaveBeenCalled()
    expect(outbox.getTakes().map((t) => t.state)).toEqual(['queued', 'queued'])
    expect((await store.list('me')).map((t) => t.state)).toEqual(['queued', 'queued'])

    online = true
    await outbox.flush()
    expect(sent).toEqual([first.id, second.id])
    expect(onSent).toHaveBeenCalledTimes(2)
    expect(outbox.getTakes()).toEqual([])
    expect(await store.list('me')).toEqual([])
  })

  it('retries a network failure without uploading twice, and keeps a refused one as failed', async () => {
    const store = createTakeStore(new IDBFactory())
    const upload = vi.fn(async () => 'upload-1')
    const send = vi
      .fn<OutboxTransport['send']>()
      .mockRejectedValueOnce(offline())
      .mockResolvedValueOnce()
      .mockRejectedValueOnce(new ApiRequestError(422, 'SILENT', 'This recording is silent.'))
    const outbox = createOutbox({ store, transport: { upload, send }, ownerId: 'me' })

    const take = makeTake()
    await outbox.enqueue(take)
    expect(outbox.getTakes()).toEqual([expect.objectContaining({ state: 'queued', uploadId: 'upload-1' })])
    await outbox.flush()
    expect(upload).toHaveBeenCalledTimes(1)
    expect(send).toHaveBeenLastCalledWith(expect.objectContaining({ id: take.id }), 'upload-1')
    expect(outbox.getTakes()).toEqual([])

    await outbox.enqueue(makeTake())
    expect(outbox.getTakes()).toEqual([expect.objectContaining({ state: 'failed', error: 'This recording is silent.' })])
    // a failed take is not retried by itself; the person sends it again
    await outbox.flush()
    expect(send).toHaveBeenCalledTimes(3)
  })

  it("keeps a take refused by a full disk (507) with the server's words, and sends it when the person tries again later", async () => {
    const store = createTakeStore(new IDBFactory())
    const full = new ApiRequestError(507, 'DISK_FULL', DISK_TEXTS.full)
    const upload = vi
      .fn<OutboxTransport['upload']>()
      .mockRejectedValueOnce(new UploadFailedError(full, 1))
      .mockResolvedValueOnce('upload-1')
    const send = vi.fn<OutboxTransport['send']>().mockResolvedValue()
    const outbox = createOutbox({ store, transport: { upload, send }, ownerId: 'me' })

    const take = makeTake()
    await outbox.enqueue(take)
    const kept = { id: take.id, state: 'failed', error: DISK_TEXTS.full }
    expect(outbox.getTakes()).toEqual([expect.objectContaining(kept)])
    expect(await store.get(take.id)).toEqual(expect.objectContaining(kept))
    expect(await (await store.get(take.id))?.blob.text()).toBe('voice')
    // not retried by itself, nor at once by the upload: the disk will not be freed seconds later
    expect(isRetryableUploadError(full)).toBe(false)
    await outbox.flush()
    expect(upload).toHaveBeenCalledTimes(1)

    await outbox.enqueue(take)
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ id: take.id }), 'upload-1')
    expect(outbox.getTakes()).toEqual([])
  })

  it('keeps a take the server could not store (its store away, a 503) queued, says why, and sends it once the store is back', async () => {
    const store = createTakeStore(new IDBFactory())
    const away = new UploadFailedError(
      new ApiRequestError(503, 'STORAGE_UNAVAILABLE', "Hearth can't reach its storage right now. Please try again in a little while."),
      UPLOAD_ATTEMPTS,
    )
    const upload = vi
      .fn<OutboxTransport['upload']>()
      .mockRejectedValueOnce(away)
      .mockRejectedValueOnce(away)
      .mockResolvedValueOnce('upload-1')
    const send = vi.fn<OutboxTransport['send']>().mockResolvedValue()
    const outbox = createOutbox({ store, transport: { upload, send }, ownerId: 'me' })
    expect(isStorageAway(away)).toBe(true)
    expect(isStorageAway(new ApiRequestError(503, 'SPEECH_UNAVAILABLE', 'No engine'))).toBe(false)

    const take = makeTake()
    await outbox.enqueue(take)
    // never discarded nor failed: it waits, kept on this device, and knows why
    expect(outbox.getTakes()).toEqual([expect.objectContaining({ id: take.id, state: 'queued', storageAway: true })])
    expect(await store.get(take.id)).toMatchObject({ state: 'queued', storageAway: true })
    await outbox.flush()
    expect(outbox.getTakes()).toEqual([expect.objectContaining({ id: take.id, state: 'queued', storageAway: true })])

    await outbox.flush()
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ id: take.id }), 'upload-1')
    expect(outbox.getTakes()).toEqual([])
    expect(await store.list('me')).toEqual([])
  })

  it('reports the take going out, its upload progress and attempt, then that it was sent', async () => {
    const store = createTakeStore(new IDBFactory())
    const take = makeTake()
    const seen: (ReturnType<Outbox['getSending']> | 'sent')[] = []
    let outbox: Outbox | null = null
    const transport: OutboxTransport = {
      upload: async (_blob, report) => {
        report.onAttempt(1)
        report.onProgress(0.5)
        report.onAttempt(2)
        report.onProgress(1)
        return 'upload-1'
      },
      send: async () => {},
    }
    outbox = createOutbox({ store, transport, ownerId: 'me' })
    outbox.subscribe(() => seen.push(outbox?.wasSent(take.id) ? 'sent' : (outbox?.getSending() ?? null)))
    expect(outbox.wasSent(take.id)).toBe(false)
    await outbox.enqueue(take)
    expect(seen).toEqual([
      null, // queued
      { id: take.id, stage: 'upload', attempt: 1, progress: 0 },
      { id: take.id, stage: 'upload', attempt: 1, progress: 0.5 },
      { id: take.id, stage: 'upload', attempt: 2, progress: 0 },
      { id: take.id, stage: 'upload', attempt: 2, progress: 1 },
      { id: take.id, stage: 'send' },
      'sent',
    ])
    expect(outbox.getSending()).toBeNull()
    expect(outbox.wasSent(take.id)).toBe(true)
  })
})
