import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import { PassThrough, type Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import {
  assertSafeKey,
  contentTypeOf,
  isSafeKey,
  StorageUnavailableError,
  type ObjectStorage,
  type StorageFailureKind,
  type StorageHealth,
} from './storage.ts'

export type S3StorageConfig = {
  /** unset for AWS S3; the server's URL for MinIO, Garage, Ceph, R2... */
  endpoint?: string
  /** the endpoint browsers reach the bucket at, when it differs from `endpoint` (an internal address) */
  publicEndpoint?: string
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: most self-hosted servers need it */
  forcePathStyle: boolean
}

/** multipart parts of 8 MB, two at a time: a recording's upload holds at most 16 MB in memory */
const PART_SIZE = 8 * 1024 * 1024

/**
 * How long the store may take (decision 216). The SDK's defaults wait for a connection and an answer without end
 * and try three times: a store that accepts connections and never answers would hold an upload for minutes. A
 * connection gets 3 s, a socket that goes quiet (no byte either way) 5 s, and a failed request one more try, so a
 * request that meets an absent store answers 503 within about 10 s; a large object that keeps flowing is never cut.
 */
const S3_CONNECTION_TIMEOUT_MS = 3_000
const S3_SOCKET_TIMEOUT_MS = 5_000
const S3_MAX_ATTEMPTS = 2
/** the health check's own bound, and how long its answer is kept: health stays fast whatever the store does */
const HEALTH_TIMEOUT_MS = 3_000
const HEALTH_CACHE_MS = 10_000

const clientFor = (config: S3StorageConfig, endpoint: string | undefined) =>
  new S3Client({
    region: config.region,
    endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // S3-compatible servers do not all know the newer default checksums; send them only where S3 requires one
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: S3_MAX_ATTEMPTS,
    requestHandler: { connectionTimeout: S3_CONNECTION_TIMEOUT_MS, socketTimeout: S3_SOCKET_TIMEOUT_MS },
  })

type SdkError = { name?: string; code?: string; Code?: string; $metadata?: { httpStatusCode?: number } }

const isNotFound = (error: unknown) => {
  const e = error as SdkError
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || (e.$metadata?.httpStatusCode === 404 && e.name !== 'NoSuchBucket')
}

const CREDENTIAL_ERRORS = new Set(['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'ExpiredToken', 'InvalidToken'])

/** What kind of absence an SDK error is (anything but a missing object). */
function failureKindOf(error: unknown): StorageFailureKind {
  const e = (error ?? {}) as SdkError
  const status = e.$metadata?.httpStatusCode
  const name = e.name ?? e.Code ?? ''
  if (name === 'TimeoutError' || name === 'AbortError' || e.code === 'ETIMEDOUT' || name === 'RequestTimeout') return 'timeout'
  if (status === 401 || status === 403 || CREDENTIAL_ERRORS.has(name)) return 'credentials'
  if (status !== undefined && status > 0) return 'error'
  return 'unreachable'
}

/** A missing object's error as it is; any other failure of the store as a StorageUnavailableError. */
const asStorageError = (error: unknown): Error => {
  if (error instanceof StorageUnavailableError || isNotFound(error)) return error instanceof Error ? error : new Error(String(error))
  return new StorageUnavailableError(failureKindOf(error), error)
}

/**
 * Objects in an S3 bucket (AWS or any S3-compatible server), private: nothing is public, reads go through the
 * server or through presigned GET URLs that end when the app's signed URL ends (decision 82).
 */
export function createS3Storage(
  config: S3StorageConfig,
): ObjectStorage &
  Required<Pick<ObjectStorage, 'presignGet'>> & { verify: () => Promise<void>; health: () => Promise<StorageHealth>; close: () => void } {
  const client = clientFor(config, config.endpoint)
  const presigner = config.publicEndpoint ? clientFor(config, config.publicEndpoint) : client
  const Bucket = config.bucket

  let lastHealth: { at: number; answer: Promise<StorageHealth> } | null = null
  /** One HEAD of the bucket, bounded in time, its answer kept a few seconds (however often health is asked). */
  function health(): Promise<StorageHealth> {
    if (lastHealth && Date.now() - lastHealth.at < HEALTH_CACHE_MS) return lastHealth.answer
    const answer = client
      .send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) })
      .then((): StorageHealth => ({ status: 'ok' }))
      .catch((error: unknown): StorageHealth => ({ status: 'unreachable', reason: failureKindOf(error) }))
    lastHealth = { at: Date.now(), answer }
    return answer
  }

  return {
    async putFile(key, fromPath) {
      assertSafeKey(key)
      // streamed: lib-storage sends a small file in one PUT and a large one as a multipart upload
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: createReadStream(fromPath), ContentType: contentTypeOf(key) },
        partSize: PART_SIZE,
        queueSize: 2,
        leavePartsOnError: false,
      })
      // a failed upload leaves nothing: its parts are aborted, and the local file stays for the caller to remove
      await upload.done().catch((error: unknown) => {
        throw asStorageError(error)
      })
      await fs.unlink(fromPath)
    },
    async size(key) {
      assertSafeKey(key)
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        return head.ContentLength ?? 0
      } catch (error) {
        if (isNotFound(error)) return null
        throw asStorageError(error)
      }
    },
    read(key, range) {
      assertSafeKey(key)
      // the interface hands out a stream at once (as a file does); the request fills it when S3 answers
      const out = new PassThrough()
      client
        .send(new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }))
        .then((result) => {
          const body = result.Body as Readable
          body.on('error', (error) => out.destroy(asStorageError(error)))
          body.pipe(out)
        })
        .catch((error: unknown) => out.destroy(asStorageError(error)))
      return out
    },
    async remove(key) {
      assertSafeKey(key)
      await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch((error: unknown) => {
        throw asStorageError(error)
      })
    },
    async *list() {
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken })).catch((error: unknown) => {
          throw asStorageError(error)
        })
        for (const item of page.Contents ?? []) {
          if (item.Key && isSafeKey(item.Key)) yield { key: item.Key, storedAt: item.LastModified ?? new Date(0) }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },
    async presignGet(key, expiresAt) {
      assertSafeKey(key)
      const expiresIn = Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000))
      return getSignedUrl(
        presigner,
        new GetObjectCommand({
          Bucket,
          Key: key,
          // the type and caching the app would have answered with, whatever the object was stored with
          ResponseContentType: contentTypeOf(key),
          ResponseCacheControl: `private, max-age=${expiresIn}`,
        }),
        { expiresIn },
      )
    },
    /** Fails with a line that says what is wrong when the bucket cannot be reached with these settings. */
    async verify() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }))
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
        const why =
          status === 404
            ? 'it does not exist'
            : status === 403
              ? 'the access key may not use it'
              : String((error as Error).message ?? error)
        throw new Error(`the S3 bucket ${Bucket} at ${config.endpoint ?? 'AWS'} cannot be used: ${why} (see docs/deploy.md)`)
      }
    },
    health,
    close: () => {
      client.destroy()
      if (presigner !== client) presigner.destroy()
    },
  }
}

/** The origin browsers fetch presigned URLs from (the CSP must allow it as a media source). */
export function s3PublicOrigin(
  config: Pick<S3StorageConfig, 'endpoint' | 'publicEndpoint' | 'region' | 'bucket' | 'forcePathStyle'>,
): string {
  const endpoint = config.publicEndpoint ?? config.endpoint
  if (!endpoint)
    return config.forcePathStyle
      ? `https://s3.${config.region}.amazonaws.com`
      : `https://${config.bucket}.s3.${config.region}.amazonaws.com`
  const url = new URL(endpoint)
  return config.forcePathStyle ? url.origin : `${url.protocol}//${config.bucket}.${url.host}`
}
