import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { ERROR_CODES } from '#shared/api-error.ts'
import { MESSAGE_TEXTS } from '#shared/messages.ts'
import { canRetryTranscription, SPEECH_TEXTS, type SpeechPreview } from '#shared/speech.ts'
import type { Executor } from '#server/db/client.ts'
import { ConflictError, NotFoundError, ServiceUnavailableError, ValidationError } from '#server/http/errors.ts'
import { receiveAudio } from '#server/media/audio.ts'
import { decodeForSpeech, NoAudioSamplesError } from '#server/speech/decode.ts'
import { getMessageForParticipant } from '#server/modules/messages/messages.queries.ts'
import { announceMessageUpdate, type TranscriptionDeps } from './transcription.jobs.ts'
import { resetFailedForRetry } from './transcription.queries.ts'

/** a live preview that takes longer than this is dropped; the next one starts from the same point */
const PREVIEW_TIMEOUT_MS = 20_000

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
  }
}

export type TranscriptionService = ReturnType<typeof createTranscriptionService>
