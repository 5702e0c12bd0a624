import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { RECORDING_MAX_SECONDS } from '#shared/limits.ts'
import { type AudioUpload, type DeclaredRecording } from '#shared/messages.ts'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import { ERROR_CODES } from '#shared/error-codes.ts'
import type { Database } from '#server/db/client.ts'
import { PayloadTooLargeError, ValidationError } from '#server/http/errors.ts'
import { DURATION_TOLERANCE_SECONDS, prepareRecording, receiveAudio } from '#server/media/audio.ts'
import type { DiskGuard } from '#server/media/disk-space.ts'
import type { ObjectStorage } from '#server/media/storage.ts'
import {
  deleteAbandonedUploads,
  deleteAudioUpload,
  getOwnAudioUpload,
  insertAudioUpload,
  lockOwnAudioUpload,
  lockUploadsOf,
  saveMeasuredUpload,
  storedAudioBytes,
  type AudioUploadRow,
} from './audio-uploads.queries.ts'

export const MEGABYTE = 1024 * 1024

/** An upload that no message took within a day is removed with its audio. */
export const ABANDONED_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000

const NOTHING_DECLARED: DeclaredRecording = { durationSeconds: null, waveform: null }

export function toAudioUploadResponse(row: AudioUploadRow): AudioUpload {
  return { upload_id: row.id, mime_type: row.mimeType, bytes: row.bytes, duration_seconds: row.durationSeconds, waveform: row.waveform }
}

/** A fresh storage key of this person's for a recording of this extension. */
export const freshAudioKey = (userId: string, ext: string) => `${userId}/${Date.now()}-${randomBytes(6).toString('hex')}.${ext}`

export function createAudioUploadsService({
  db,
  storage,
  disk,
  tmpDir,
  quotaBytes,
}: {
  db: Database
  storage: ObjectStorage
  /** below DATA_DIR's floor, recordings are refused with a 507 before a byte is read (decision 214) */
  disk: Pick<DiskGuard, 'refuseWhenLow'>
  tmpDir: string
  /** audio one person may keep stored (STORAGE_QUOTA_MB) */
  quotaBytes: number
}) {
  const quotaReached = () =>
    new PayloadTooLargeError(MESSAGE_TEXTS.quotaReached(Math.round(quotaBytes / MEGABYTE)), ERROR_CODES.storageQuota)

  return {
    /**
     * Stores a recording as received, without decoding it (decision 174): the body is streamed to a temporary file
     * (never whole in memory, 50 MB at most), its container recognised from its first bytes, and it is moved into
     * storage under a fresh key. The length and waveform the recorder declared are kept as provisional values; a
     * declared length past the limit is refused before a byte is read, and a WebM take of Opus silence (a muted
     * microphone) as soon as it is read, from its frames' sizes (decision 211). The message's job (or `prepare`, for a
     * recording kept elsewhere) decodes it once, measures it, refuses what breaks a rule and writes its playable form.
     */
    async store(userId: string, body: Readable | undefined, declared: DeclaredRecording = NOTHING_DECLARED): Promise<AudioUpload> {
      if (declared.durationSeconds !== null && declared.durationSeconds > RECORDING_MAX_SECONDS + DURATION_TOLERANCE_SECONDS) {
        throw new ValidationError(MESSAGE_TEXTS.tooLong)
      }
      // a person already at the quota is told before a byte is read, and so is everyone when the disk is at its floor
      await disk.refuseWhenLow()
      if ((await storedAudioBytes(db, userId)) >= quotaBytes) throw quotaReached()
      await fs.mkdir(tmpDir, { recursive: true, mode: 0o700 })
      const tmpPath = path.join(tmpDir, `upload-${randomBytes(12).toString('hex')}`)
      try {
        const { bytes, type } = await receiveAudio(body, tmpPath)
        // a muted microphone's take is told from its bytes, before any message carries it (decision 211)
        if (type.ext === 'webm' && (await isSilentWebmOpusFile(tmpPath))) throw new ValidationError(MESSAGE_TEXTS.silent)
        const objectKey = freshAudioKey(userId, type.ext)
        // checked again under the person's lock with this file counted: two uploads at once cannot both fit the rest
        const row = await db.transaction(async (tx) => {
          await lockUploadsOf(tx, userId)
          if ((await storedAudioBytes(tx, userId)) + bytes > quotaBytes) throw quotaReached()
          await storage.putFile(objectKey, tmpPath)
          return insertAudioUpload(tx, {
            userId,
            objectKey,
            mimeType: type.mime,
            bytes,
            durationSeconds: declared.durationSeconds ?? 0,
            waveform: declared.waveform ?? [],
            audioMeasuredAt: null,
          }).catch(async (error: unknown) => {
            await storage.remove(objectKey)
            throw error
          })
        })
        return toAudioUploadResponse(row)
      } finally {
        await fs.rm(tmpPath, { force: true })
      }
    },

    /**
     * Measures one of the person's uploads before a place other than a message keeps it (a welcome message, an
     * invitation's personal message, a session note): the same one pass as the message's job, on the request, so a
     * recording that breaks a rule is refused with a 400 and its text as the upload used to be. The playable form
     * takes the received bytes' place under a fresh key. An upload measured already, or not the person's, is left as it is
     * (the caller answers 404 for a missing one).
     */
    async prepare(userId: string, uploadId: string): Promise<void> {
      const upload = await getOwnAudioUpload(db, userId, uploadId)
      if (!upload || upload.audioMeasuredAt) return
      // the playable form is written next to the received bytes: not while the disk is at its floor
      await disk.refuseWhenLow()
      await fs.mkdir(tmpDir, { recursive: true, mode: 0o700 })
      const work = await fs.mkdtemp(path.join(tmpDir, 'prepare-'))
      try {
        const received = path.join(work, 'received')
        await pipeline(storage.read(upload.objectKey), createWriteStream(received))
        const prepared = await prepareRecording(received, work)
        const objectKey = freshAudioKey(userId, prepared.ext)
        const bytes = (await fs.stat(prepared.playablePath)).size
        await storage.putFile(objectKey, prepared.playablePath)
        const written = await db.transaction(async (tx) => {
          await lockUploadsOf(tx, userId)
          return saveMeasuredUpload(tx, upload, {
            objectKey,
            mimeType: prepared.mime,
            bytes,
            durationSeconds: prepared.durationSeconds,
            waveform: prepared.waveform,
          })
        })
        // of two prepares at once, the one that wrote keeps its rendition; the other's copy and the received bytes go
        await storage.remove(written ? upload.objectKey : objectKey)
      } finally {
        await fs.rm(work, { recursive: true, force: true })
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

/**
 * A silent take told from its bytes, without decoding it (decision 211). An upload is stored without ffmpeg (decision
 * 174), so the silence check of the message's job came only after the message was delivered. But Opus codes digital
 * silence (a muted or dead microphone: what Chromium's MediaRecorder sends then) in a few bytes a frame: 3 from
 * libopus, 8 from Chromium; a frame with anything in it, even noise under hearing, takes tens of bytes. So a WebM
 * whose one track is Opus and whose every frame is this small holds nothing to hear. Quiet but not digitally silent
 * takes are left to the job's decode, which refuses them by their peak as before.
 */
const SILENT_OPUS_FRAME_BYTES = 10
/**
 * Only the start of a file is read: a silent take of the longest allowed length (10 minutes of 8-byte frames and
 * their block headers) is about 200 kB, so a file past this size has frames with sound in it anyway.
 */
const READ_AT_MOST_BYTES = 1024 * 1024

const EBML_HEADER = 0x1a45dfa3
/** elements whose children are read in turn, as if they were siblings (their order is all that matters here) */
const DESCEND = new Set([
  0x18538067 /* Segment */, 0x1f43b675 /* Cluster */, 0xa0 /* BlockGroup */, 0x1654ae6b /* Tracks */, 0xae /* TrackEntry */,
])
const SIMPLE_BLOCK = 0xa3
const BLOCK = 0xa1
const CODEC_ID = 0x86

/** An EBML variable-length integer at `at`: its value (without the length marker for sizes) and its length. */
function readVint(buffer: Buffer, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = buffer[at]
  if (first === undefined || first === 0) return null
  const length = Math.clz32(first) - 23
  if (length > 8 || at + length > buffer.length) return null
  let value = keepMarker ? first : first & (0xff >> length)
  let allOnes = value === 0xff >> length
  for (let i = 1; i < length; i++) {
    const byte = buffer[at + i] ?? 0
    value = value * 256 + byte
    if (byte !== 0xff) allOnes = false
  }
  return { value, length, unknown: !keepMarker && allOnes }
}

/**
 * Whether a WebM file is an Opus recording with nothing to hear: every frame at most SILENT_OPUS_FRAME_BYTES. False
 * for anything else, and for what it cannot read plainly (laced blocks, a second track, another codec): the job's
 * decode judges those.
 */
function isSilentWebmOpus(buffer: Buffer): boolean {
  if (buffer.length < 4 || buffer.readUInt32BE(0) !== EBML_HEADER) return false
  let at = 0
  let tracks = 0
  let opus = false
  let frames = 0
  while (at < buffer.length) {
    const id = readVint(buffer, at, true)
    if (!id) return false
    const size = readVint(buffer, at + id.length, false)
    if (!size) return false
    const start = at + id.length + size.length
    if (DESCEND.has(id.value)) {
      if (id.value === 0xae) tracks++
      at = start
      continue
    }
    // a cut-off last element (the file was read in part) ends the walk
    if (size.unknown) return false
    const end = start + size.value
    if (id.value === CODEC_ID) opus = buffer.toString('latin1', start, Math.min(end, buffer.length)) === 'A_OPUS'
    if (id.value === SIMPLE_BLOCK || id.value === BLOCK) {
      if (end > buffer.length) break
      const track = readVint(buffer, start, false)
      if (!track) return false
      const flags = buffer[start + track.length + 2] ?? 0
      // laced frames would need their own sizes read: leave such a file to the decode
      if ((flags & 0x06) !== 0) return false
      const frame = end - (start + track.length + 3)
      if (frame > SILENT_OPUS_FRAME_BYTES) return false
      frames++
    }
    at = end
  }
  return opus && tracks === 1 && frames > 0
}

/** `isSilentWebmOpus` of the file at `filePath`, reading no more than its start. */
async function isSilentWebmOpusFile(filePath: string): Promise<boolean> {
  const file = await fs.open(filePath, 'r')
  try {
    const { size } = await file.stat()
    if (size > READ_AT_MOST_BYTES) return false
    const buffer = Buffer.alloc(size)
    await file.read(buffer, 0, size, 0)
    return isSilentWebmOpus(buffer)
  } finally {
    await file.close()
  }
}
