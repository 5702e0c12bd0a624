import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { RECORDING_MAX_SECONDS } from '#shared/limits.ts'
import { type AudioUpload } from '#shared/messages.ts'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import { ERROR_CODES } from '#shared/error-codes.ts'
import type { Database } from '#server/db/client.ts'
import { PayloadTooLargeError, ValidationError } from '#server/http/errors.ts'
import { decodeAudio, keptSpan, makePlayable, measureSpan, playbackFormOf, receiveAudio, SILENCE_PEAK } from '#server/media/audio.ts'
import type { ObjectStorage } from '#server/media/storage.ts'
import {
  deleteAbandonedUploads,
  deleteAudioUpload,
  insertAudioUpload,
  lockOwnAudioUpload,
  lockUploadsOf,
  storedAudioBytes,
  type AudioUploadRow,
} from './audio-uploads.queries.ts'

export const MEGABYTE = 1024 * 1024

/** A recording may run a little past 10 minutes: the recorder stops at 600 s, containers round up. */
const DURATION_TOLERANCE_SECONDS = 1
/** An upload that no message took within a day is removed with its audio. */
export const ABANDONED_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000

export function toAudioUploadResponse(row: AudioUploadRow): AudioUpload {
  return { upload_id: row.id, mime_type: row.mimeType, bytes: row.bytes, duration_seconds: row.durationSeconds, waveform: row.waveform }
}

type StoreOptions = {
  /** the body is one of Hearth's own stored playback renditions: kept as it is, not encoded again */
  rendition?: boolean
}

export function createAudioUploadsService({
  db,
  storage,
  tmpDir,
  quotaBytes,
}: {
  db: Database
  storage: ObjectStorage
  tmpDir: string
  /** audio one person may keep stored (STORAGE_QUOTA_MB) */
  quotaBytes: number
}) {
  const quotaReached = () =>
    new PayloadTooLargeError(MESSAGE_TEXTS.quotaReached(Math.round(quotaBytes / MEGABYTE)), ERROR_CODES.storageQuota)

  return {
    /**
     * Streams the body to a temporary file (never whole in memory), recognises the container from its
     * first bytes and decodes it once with ffmpeg to measure it: too long, empty or silent is refused. What is kept
     * (silence over a second trimmed from either end) is written in its playback form (decision 168): Opus and AAC
     * re-wrapped as recorded, anything else encoded. Its duration and waveform come from that one decode, and it is
     * moved into storage under a fresh key. Transcription reads the stored file, so word timings count from its
     * start. Anything refused leaves no file behind.
     */
    async store(userId: string, body: Readable | undefined, { rendition = false }: StoreOptions = {}): Promise<AudioUpload> {
      // a person already at the quota is told before a byte is read
      if ((await storedAudioBytes(db, userId)) >= quotaBytes) throw quotaReached()
      await fs.mkdir(tmpDir, { recursive: true, mode: 0o700 })
      const tmpPath = path.join(tmpDir, `upload-${randomBytes(12).toString('hex')}`)
      let keptPath: string | null = null
      try {
        const { type } = await receiveAudio(body, tmpPath)
        const received = await decodeAudio(tmpPath).catch(() => {
          throw new ValidationError(MESSAGE_TEXTS.notAudio)
        })
        if (received.durationSeconds > RECORDING_MAX_SECONDS + DURATION_TOLERANCE_SECONDS) throw new ValidationError(MESSAGE_TEXTS.tooLong)
        if (received.durationSeconds < 0.1) throw new ValidationError(MESSAGE_TEXTS.empty)
        if (received.peak < SILENCE_PEAK) throw new ValidationError(MESSAGE_TEXTS.silent)
        // a stored recording (a session note sent on) is already what playback needs, trimmed and measured as it is
        const form = rendition ? { ...type, keepCodec: true } : playbackFormOf(received.codec)
        const storedPath = `${tmpPath}.${form.ext}`
        keptPath = storedPath
        const span = rendition ? { start: 0, end: received.durationSeconds } : keptSpan(received)
        if (rendition) await fs.rename(tmpPath, storedPath)
        else await makePlayable(tmpPath, storedPath, span, form)
        const measured = measureSpan(received, span)
        const bytes = (await fs.stat(storedPath)).size
        const objectKey = `${userId}/${Date.now()}-${randomBytes(6).toString('hex')}.${form.ext}`
        // checked again under the person's lock with this file counted: two uploads at once cannot both fit the rest
        const row = await db.transaction(async (tx) => {
          await lockUploadsOf(tx, userId)
          if ((await storedAudioBytes(tx, userId)) + bytes > quotaBytes) throw quotaReached()
          await storage.putFile(objectKey, storedPath)
          return insertAudioUpload(tx, {
            userId,
            objectKey,
            mimeType: form.mime,
            bytes,
            durationSeconds: Math.round(measured.durationSeconds * 100) / 100,
            waveform: measured.waveform,
          }).catch(async (error: unknown) => {
            await storage.remove(objectKey)
            throw error
          })
        })
        return toAudioUploadResponse(row)
      } finally {
        await fs.rm(tmpPath, { force: true })
        if (keptPath) await fs.rm(keptPath, { force: true })
      }
    },

    /** Removes one of the person's uploads and its audio (one a refused send made for nothing). */
    async discard(userId: string, uploadId: string): Promise<void> {
      const key = await db.transaction(async (tx) => {
        const upload = await lockOwnAudioUpload(tx, userId, uploadId)
        if (upload) await deleteAudioUpload(tx, upload.id)
        return upload?.objectKey
      })
      if (key) await storage.remove(key)
    },

    /** Deletes uploads that no message took and their audio. */
    async sweepAbandoned(now = Date.now()): Promise<number> {
      const keys = await deleteAbandonedUploads(db, new Date(now - ABANDONED_UPLOAD_AGE_MS))
      await Promise.all(keys.map((key) => storage.remove(key)))
      return keys.length
    },
  }
}
export type AudioUploadsService = ReturnType<typeof createAudioUploadsService>
