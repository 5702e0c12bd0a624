import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { API_ERROR_TEXTS } from '#shared/api-error.ts'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { ServiceUnavailableError } from '#server/http/errors.ts'

/** Private object storage. Keys look like `{userId}/{timestamp}-{random}.{ext}` and are never overwritten. */
export type ObjectStorage = {
  /** Moves a finished local file in under `key`; fails if the key exists. */
  putFile: (key: string, fromPath: string) => Promise<void>
  size: (key: string) => Promise<number | null>
  /** The object's bytes (an inclusive range of them); a missing object fails the stream. */
  read: (key: string, range?: { start: number; end: number }) => Readable
  remove: (key: string) => Promise<void>
  /** Every stored object with the time it was stored (or last changed), for the orphan sweep. */
  list: () => AsyncIterable<{ key: string; storedAt: Date }>
  /**
   * A URL the browser fetches the object from directly, valid until `expiresAt` (ranges included). Only drivers
   * whose objects live elsewhere have it (S3); without it the media route streams the object itself.
   */
  presignGet?: (key: string, expiresAt: Date) => Promise<string>
}

/**
 * Why the store could not be used: it did not answer (`unreachable`), answered too slowly (`timeout`), refused the
 * keys (`credentials`), or failed on its side (`error`: a 5xx, a bucket gone). None of them means an object is
 * missing: a missing object is `null` from `size` and a failed `read`, as before (decision 216).
 */
export type StorageFailureKind = 'unreachable' | 'timeout' | 'credentials' | 'error'

/**
 * The store is away for now. A request answers 503 with a calm text (the client keeps what it sent and tries again);
 * a job waits and runs again later rather than failing for good (the job queue, decision 216).
 */
export class StorageUnavailableError extends ServiceUnavailableError {
  readonly kind: StorageFailureKind
  constructor(kind: StorageFailureKind, cause?: unknown) {
    super(API_ERROR_TEXTS.storageUnavailable, ERROR_CODES.storageUnavailable)
    this.name = 'StorageUnavailableError'
    this.kind = kind
    this.cause = cause
  }
}

export const isStorageUnavailable = (error: unknown): error is StorageUnavailableError => error instanceof StorageUnavailableError

/** Whether the store answers now, and why not when it does not (the health check; no address or key in it). */
export type StorageHealth = { status: 'ok' } | { status: 'unreachable'; reason: StorageFailureKind }

const CONTENT_TYPES: Record<string, string> = {
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  webp: 'image/webp',
  zip: 'application/zip',
}

/** The type an object is served with, by the extension its key was given when it was stored. */
export const contentTypeOf = (key: string) => CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream'

const SAFE_KEY = /^[A-Za-z0-9_-]+\/[A-Za-z0-9_.-]+$/

export const isSafeKey = (key: string) => SAFE_KEY.test(key) && !key.includes('..')

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe object key: ${key}`)
}

/** Local disk under DATA_DIR/media (the default driver). Files are readable by the server only. */
export function createLocalStorage(root: string): ObjectStorage {
  const pathOf = (key: string) => {
    assertSafeKey(key)
    return path.join(root, key)
  }
  return {
    async putFile(key, fromPath) {
      const target = pathOf(key)
      await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 })
      // link + unlink instead of rename: link fails when the target exists, so nothing is ever overwritten
      await fs.link(fromPath, target)
      await fs.unlink(fromPath)
    },
    async size(key) {
      try {
        return (await fs.stat(pathOf(key))).size
      } catch {
        return null
      }
    },
    read(key, range) {
      return createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {})
    },
    async remove(key) {
      await fs.rm(pathOf(key), { force: true })
    },
    async *list() {
      const owners = await fs.readdir(root, { withFileTypes: true }).catch(() => [])
      for (const owner of owners) {
        if (!owner.isDirectory()) continue
        const files = await fs.readdir(path.join(root, owner.name), { withFileTypes: true }).catch(() => [])
        for (const file of files) {
          const key = `${owner.name}/${file.name}`
          if (!file.isFile() || !SAFE_KEY.test(key)) continue
          const stat = await fs.stat(path.join(root, key)).catch(() => null)
          // ctime moves when putFile links the file in; mtime is when its bytes were written (earlier)
          if (stat) yield { key, storedAt: new Date(Math.max(stat.ctimeMs, stat.mtimeMs)) }
        }
      }
    },
  }
}
