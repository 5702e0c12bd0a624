import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import { canRetryTranscription, SPEECH_TEXTS } from '#shared/speech.ts'
import { CONFIDENCE_TEXTS, strongerEngineAvailable } from '#shared/transcript-confidence.ts'
import type { Database } from '#server/db/client.ts'
import type { JobQueue } from '#server/jobs/job-queue.ts'
import { ConflictError, NotFoundError } from '#server/http/errors.ts'
import type { EngineChoice } from '#server/speech/engine.ts'
import { listFinishedTranscripts, resetFailedForRetry } from './message-speech.queries.ts'
import { getMessageForParticipant } from './messages.queries.ts'
import { announceMessageUpdate } from './messages.jobs.ts'

/** messages read per page by `queueRetranscriptions` */
const REDO_PAGE_SIZE = 500

/** The engine running now (it changes when a model download finishes). */
type RunningEngine = { engine: string; engineModel: string | null }

type Maker = { transcriptEngine: string | null; transcriptModel: string | null }

/** Whether the engine running now is stronger than the one that made this transcript. */
const improvable = (row: Maker, speech: RunningEngine) =>
  strongerEngineAvailable(
    { engine: row.transcriptEngine, model: row.transcriptModel },
    { engine: speech.engine, model: speech.engineModel },
  )

/**
 * `npm run transcripts:redo` (decision 93): pages through every finished message in id order and queues one job
 * for each whose transcript a weaker engine than the one running made. Answers how many were read and queued.
 */
export async function queueRetranscriptions(
  { db, queue, speech }: { db: Database; queue: Pick<JobQueue, 'enqueue'>; speech: Pick<EngineChoice, 'name' | 'engine'> },
  pageSize = REDO_PAGE_SIZE,
): Promise<{ read: number; queued: number }> {
  const running = { engine: speech.name, engineModel: speech.engine?.model ?? null }
  let read = 0
  let queued = 0
  let after: string | null = null
  for (;;) {
    const page = await listFinishedTranscripts(db, after, pageSize)
    if (page.length === 0) break
    read += page.length
    for (const row of page.filter((r) => improvable(r, running))) {
      await queue.enqueue(null, 'retranscribe-message', { messageId: row.id })
      queued++
    }
    after = page.at(-1)!.id
    if (page.length < pageSize) break
  }
  return { read, queued }
}

/** A message's transcript asked for again by one of its two people: after a failure, or with a stronger engine. */
export function createMessageSpeechService({
  db,
  queue,
  speech,
  now = Date.now,
}: {
  db: Database
  queue: Pick<JobQueue, 'enqueue'>
  speech: RunningEngine
  now?: () => number
}) {
  return {
    /**
     * Only a participant, only a failed message, only within the retry window. Starts a fresh round of attempts at
     * the stage that failed.
     */
    async retry(userId: string, messageId: string): Promise<void> {
      const row = await getMessageForParticipant(db, messageId, userId)
      if (!row) throw new NotFoundError(SPEECH_TEXTS.notRetryable)
      if (!canRetryTranscription({ processing_status: row.processingStatus, created_at: row.createdAt }, now())) {
        throw new ConflictError(SPEECH_TEXTS.notRetryable)
      }
      await db.transaction(async (tx) => {
        if (!(await resetFailedForRetry(tx, row.id))) throw new ConflictError(SPEECH_TEXTS.notRetryable)
        await queue.enqueue(tx, 'transcribe-message', { messageId: row.id })
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
      await queue.enqueue(null, 'retranscribe-message', { messageId: row.id })
    },
  }
}

export type MessageSpeechService = ReturnType<typeof createMessageSpeechService>
