import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { ERROR_CODES } from '#shared/api-error.ts'
import { MESSAGE_TEXTS } from '#shared/messages.ts'
import { canRetryTranscription, SPEECH_TEXTS, type SpeechPreview } from '#shared/speech.ts'
import { CONFIDENCE_TEXTS, strongerEngineAvailable } from '#shared/transcript-confidence.ts'
import type { Executor } from '#server/db/client.ts'
import type { EngineChoice } from '#server/speech/engine.ts'
import { ConflictError, NotFoundError, ServiceUnavailableError, ValidationError } from '#server/http/errors.ts'
import { receiveAudio } from '#server/media/audio.ts'
import { decodeForSpeech, NoAudioSamplesError } from '#server/speech/decode.ts'
import { getMessageForParticipant } from '#server/modules/messages/messages.queries.ts'
import { announceMessageUpdate, type TranscriptionDeps } from './transcription.jobs.ts'
import { listFinishedTranscripts, resetFailedForRetry } from './transcription.queries.ts'

/** messages read per page by `redoAll` */
const REDO_PAGE_SIZE = 500

/** a live preview that takes longer than this is dropped; the next one starts from the same point */
const PREVIEW_TIMEOUT_MS = 20_000

type Maker = { transcriptEngine: string | null; transcriptModel: string | null }

/** Whether the engine running now (it changes when a model download finishes) is stronger than this transcript's. */
const improvable = (row: Maker, speech: EngineChoice) =>
  strongerEngineAvailable(
    { engine: row.transcriptEngine, model: row.transcriptModel },
    { engine: speech.name, model: speech.engine?.model ?? null },
  )

/**
 * `npm run transcripts:redo` (decision 93): pages through every finished message in id order and queues one job
 * for each whose transcript a weaker engine than the one running made. Answers how many were read and queued.
 */
export async function queueRetranscriptions(
  { db, queue, speech }: Pick<TranscriptionDeps, 'db' | 'queue' | 'speech'>,
  pageSize = REDO_PAGE_SIZE,
): Promise<{ read: number; queued: number }> {
  let read = 0
  let queued = 0
  let after: string | null = null
  for (;;) {
    const page = await listFinishedTranscripts(db, after, pageSize)
    if (page.length === 0) break
    read += page.length
    for (const row of page.filter((r) => improvable(r, speech))) {
      await queue.enqueue(null, 'transcribe', { kind: 'redo', messageId: row.id })
      queued++
    }
    after = page.at(-1)!.id
    if (page.length < pageSize) break
  }
  return { read, queued }
}

/**
 * The request side of the speech pipeline: queueing (with the message or welcome recording that needs it),
 * live previews and retries. The job handlers that do the work are in transcription.jobs.ts.
 */
export function createTranscriptionService({ db, speech, queue, tmpDir, now = Date.now }: TranscriptionDeps) {
  /** people with a live preview running: one at a time each, so a slow engine is not asked twice */
  const previewing = new Set<string>()

  return {
    /** Queued with the message, in the transaction that writes it. */
    enqueueMessage: (tx: Executor, messageId: string) => queue.enqueue(tx, 'transcribe', { kind: 'message', messageId }),
    enqueueInvitation: (tx: Executor, invitationId: string, audioKey: string) =>
      queue.enqueue(tx, 'transcribe', { kind: 'invitation', invitationId, audioKey, attempt: 1 }),
    enqueueSessionNote: (tx: Executor, sessionMessageId: string, audioKey: string) =>
      queue.enqueue(tx, 'transcribe', { kind: 'session', sessionMessageId, audioKey, attempt: 1 }),
    enqueueWelcome: (tx: Executor, userId: string, audioKey: string) =>
      queue.enqueue(tx, 'transcribe', { kind: 'welcome', userId, audioKey, attempt: 1 }),

    /**
     * A live transcript of a recording still being made (the reply screen sends what it has every 2 s):
     * the words from `from` seconds on, straight from the engine, never stored. The audio is kept in a
     * temporary file only for this request.
     */
    async preview(userId: string, body: Readable | undefined, from: number): Promise<SpeechPreview> {
      const engine = speech.engine
      if (!engine) throw new ServiceUnavailableError(`${SPEECH_TEXTS.noEngine}: ${speech.reason}`, ERROR_CODES.speechUnavailable)
      if (previewing.has(userId)) throw new ConflictError(SPEECH_TEXTS.previewBusy)
      previewing.add(userId)
      let work: string | undefined
      try {
        await fs.mkdir(tmpDir, { recursive: true, mode: 0o700 })
        work = await fs.mkdtemp(path.join(tmpDir, 'preview-'))
        const source = path.join(work, 'source')
        await receiveAudio(body, source)
        let decoded: Awaited<ReturnType<typeof decodeForSpeech>>
        try {
          decoded = await decodeForSpeech(source, work, { startSeconds: from })
        } catch (error) {
          // nothing new since `from` (or not yet a whole frame): no words, same place
          if (error instanceof NoAudioSamplesError) return { text: '', until: from }
          throw new ValidationError(MESSAGE_TEXTS.notAudio)
        }
        const transcript = await engine.transcribe({
          wavPath: decoded.wavPath,
          durationSeconds: decoded.durationSeconds,
          signal: AbortSignal.timeout(PREVIEW_TIMEOUT_MS),
        })
        return { text: transcript.text.replace(/\s+/g, ' ').trim(), until: Math.round((from + decoded.durationSeconds) * 1000) / 1000 }
      } finally {
        previewing.delete(userId)
        if (work) await fs.rm(work, { recursive: true, force: true })
      }
    },

    /**
     * The spec's retry_failed_transcription: only a participant, only a failed message, only within the
     * window. Starts a fresh round of attempts at the stage that failed.
     */
    async retry(userId: string, messageId: string): Promise<void> {
      const row = await getMessageForParticipant(db, messageId, userId)
      if (!row) throw new NotFoundError(SPEECH_TEXTS.notRetryable)
      if (!canRetryTranscription({ processing_status: row.processingStatus, created_at: row.createdAt }, now())) {
        throw new ConflictError(SPEECH_TEXTS.notRetryable)
      }
      await db.transaction(async (tx) => {
        if (!(await resetFailedForRetry(tx, row.id))) throw new ConflictError(SPEECH_TEXTS.notRetryable)
        await queue.enqueue(tx, 'transcribe', { kind: 'message', messageId: row.id })
        await announceMessageUpdate(tx, row, ['processing_status', 'processing_error'])
      })
    },

    /**
     * Transcribe a message again with the engine running now, asked for by either person of it (decision 93): 404
     * for anyone else, 409 when the engine running is no stronger than the one that made the transcript (or there is
     * no finished transcript). The job keeps the old transcript until the new one is ready.
     */
    async retranscribe(userId: string, messageId: string): Promise<void> {
      const row = await getMessageForParticipant(db, messageId, userId)
      if (!row) throw new NotFoundError(MESSAGE_TEXTS.messageNotFound)
      if (row.transcription === null || row.processingStatus !== 'completed' || !improvable(row, speech)) {
        throw new ConflictError(CONFIDENCE_TEXTS.nothingBetter)
      }
      await queue.enqueue(null, 'transcribe', { kind: 'redo', messageId: row.id })
    },
  }
}

export type TranscriptionService = ReturnType<typeof createTranscriptionService>
