/**
 * Takes that have not reached the server yet, kept in IndexedDB so that nothing recorded is lost
 * (decision 67): the audio so far while recording (a reload or a crash leaves it behind), a finished take nobody sent,
 * and the outbox (queued while offline or failed). One row per take; the audio is a Blob, which IndexedDB stores as is.
 */

/**
 * recording: audio still coming in (a row left in this state was interrupted); draft: finished, not sent;
 * queued: in the outbox, goes when the connection allows; failed: the server refused it (the reason says why).
 */
export type TakeState = 'recording' | 'draft' | 'queued' | 'failed'

export type Take = {
  id: string
  /** whose device this is: another person signing in on it never sees these takes */
  ownerId: string
  contactId: string
  contactName: string
  replyTo: string | null
  blob: Blob
  durationSeconds: number
  state: TakeState
  /** why the last attempt failed, as the app shows it */
  error: string | null
  /**
   * the server could not reach its storage at the last attempt (a 503 it answers calmly): the take waits and goes by
   * itself once the store is back (decision 216); absent on takes kept before
   */
  storageAway?: boolean
  /** the upload already made for it, so a retry after a failed send does not upload twice */
  uploadId: string | null
  updatedAt: number
}

export type TakeStore = {
  put: (take: Take) => Promise<void>
  get: (id: string) => Promise<Take | null>
  list: (ownerId: string) => Promise<Take[]>
  delete: (id: string) => Promise<void>
}

const DATABASE = 'hearth-takes'
const STORE = 'takes'

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'))
  })
}

/**
 * Takes kept only while the page lives: where a browser offers no IndexedDB (some private modes) messages still send,
 * they just do not survive a reload.
 */
function createPageStore(): TakeStore {
  const rows = new Map<string, Take>()
  return {
    put: async (take) => void rows.set(take.id, take),
    get: async (id) => rows.get(id) ?? null,
    list: async (ownerId) => [...rows.values()].filter((take) => take.ownerId === ownerId).sort((a, b) => a.updatedAt - b.updatedAt),
    delete: async (id) => void rows.delete(id),
  }
}

/** The IndexedDB store of takes; `factory` is the browser's indexedDB (tests pass fake-indexeddb's). */
export function createTakeStore(factory: IDBFactory | undefined = globalThis.indexedDB): TakeStore {
  if (!factory) return createPageStore()
  let opened: Promise<IDBDatabase> | null = null
  const open = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(DATABASE, 1)
      req.onupgradeneeded = () => {
        const store = req.result.createObjectStore(STORE, { keyPath: 'id' })
        store.createIndex('ownerId', 'ownerId')
      }
      req.onsuccess = () => resolve(req.result)
      req.onerror = () => {
        opened = null
        reject(req.error ?? new Error('IndexedDB is not available'))
      }
    })
    return opened
  }
  const withStore = async <T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const db = await open()
    return request(run(db.transaction(STORE, mode).objectStore(STORE)))
  }
  return {
    put: async (take) => {
      await withStore('readwrite', (store) => store.put(take))
    },
    get: async (id) => ((await withStore('readonly', (store) => store.get(id))) as Take | undefined) ?? null,
    list: async (ownerId) => {
      const rows = (await withStore('readonly', (store) => store.index('ownerId').getAll(ownerId))) as Take[]
      return rows.sort((a, b) => a.updatedAt - b.updatedAt)
    },
    delete: async (id) => {
      await withStore('readwrite', (store) => store.delete(id))
    },
  }
}

/**
 * What a take found on opening the app becomes: one interrupted while recording is now a draft (its audio up to the
 * last second is kept), the others stay as they were.
 */
export function recoverTake(take: Take): Take {
  return take.state === 'recording' ? { ...take, state: 'draft' } : take
}
