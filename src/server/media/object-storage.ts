import path from 'node:path'
import type { Env } from '#server/env.ts'
import type { S3StorageConfig } from './s3-storage.ts'
import { createLocalStorage, type ObjectStorage, type StorageHealth } from './storage.ts'

/** The S3 settings of the environment, or null when objects stay on local disk. */
export function s3ConfigOf(env: Env): S3StorageConfig | null {
  if (env.STORAGE_DRIVER !== 's3') return null
  // env.ts refuses s3 without a bucket and both keys, so these are present here
  return {
    endpoint: env.S3_ENDPOINT,
    publicEndpoint: env.S3_PUBLIC_ENDPOINT,
    region: env.S3_REGION ?? 'us-east-1',
    bucket: env.S3_BUCKET ?? '',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  }
}

export type StorageChoice = {
  storage: ObjectStorage
  /** origins other than the app's that serve media to the browser (the CSP's media-src) */
  mediaOrigins: string[]
  /** checks the storage can be used; fails with a clear line at start */
  verify: () => Promise<void>
  /** whether the store answers now (bounded in time and kept a few seconds): GET /api/health and the metrics */
  health: () => Promise<StorageHealth>
  close: () => void
}

/**
 * Every kind of object (recordings, welcome and invitation messages, photos, exports) goes to the configured driver.
 * The S3 driver (and the AWS SDK, 0.7 s and 8 MB to load) is loaded only when it is the one configured.
 */
export async function createObjectStorage(env: Env): Promise<StorageChoice> {
  const s3 = s3ConfigOf(env)
  if (!s3) {
    return {
      storage: createLocalStorage(path.join(env.dataDir, 'media')),
      mediaOrigins: [],
      verify: async () => undefined,
      // the local disk is the server's own: when it fails, the whole instance does
      health: async () => ({ status: 'ok' }),
      close: () => undefined,
    }
  }
  const { createS3Storage, s3PublicOrigin } = await import('./s3-storage.ts')
  const storage = createS3Storage(s3)
  return { storage, mediaOrigins: [s3PublicOrigin(s3)], verify: storage.verify, health: storage.health, close: storage.close }
}
