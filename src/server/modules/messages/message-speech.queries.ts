import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import type { Locale } from '#shared/locales.ts'
import { audioMessages } from '#server/db/schema.ts'
import type { Analysis } from '#server/speech/analysis/analyzer.ts'
import type { HeardTranscript } from '#server/speech/transcribe-object.ts'

export type SpeechMessageRow = Pick<
  typeof audioMessages.$inferSelect,
  | 'id'
  | 'senderId'
  | 'receiverId'
  | 'audioKey'
  | 'durationSeconds'
  | 'audioMeasuredAt'
  | 'createdAt'
  | 'transcription'
  | 'processingStatus'
  | 'transcriptionAttempts'
  | 'analysisAttempts'
  | 'transcriptLanguage'
> & {
  /** the sender's language (`profiles.language`), told to the engine (decision 227); null when unknown or gone */
  senderLanguage: Locale | null
}

const speechColumns = {
  id: audioMessages.id,
  senderId: audioMessages.senderId,
  receiverId: audioMessages.receiverId,
  audioKey: audioMessages.audioKey,
  durationSeconds: audioMessages.durationSeconds,
  audioMeasuredAt: audioMessages.audioMeasuredAt,
  createdAt: audioMessages.createdAt,
  transcription: audioMessages.transcription,
  processingStatus: audioMessages.processingStatus,
  transcriptionAttempts: audioMessages.transcriptionAttempts,
  analysisAttempts: audioMessages.analysisAttempts,
  transcriptLanguage: audioMessages.transcriptLanguage,
  // named in full: in an update's returning list drizzle leaves columns unqualified
  senderLanguage: sql<Locale | null>`(select sender.language from profiles sender where sender.id = ${audioMessages}.sender_id)`,
}

/**
 * Takes a message for one transcription attempt: only while it has no transcript and has not failed,
 * so a repeated job (after a crash or a duplicate) never redoes finished work. Answers the claimed row.
 */
export async function claimForTranscription(db: Executor, messageId: string): Promise<SpeechMessageRow | undefined> {
  const [row] = await db
    .update(audioMessages)
    .set({ processingStatus: 'processing', transcriptionAttempts: sql`${audioMessages.transcriptionAttempts} + 1` })
    .where(
      and(eq(audioMessages.id, messageId), sql`${audioMessages.transcription} is null`, sql`${audioMessages.processingStatus} <> 'failed'`),
    )
    .returning(speechColumns)
  return row
}

export async function claimForAnalysis(db: Executor, messageId: string): Promise<SpeechMessageRow | undefined> {
  const [row] = await db
    .update(audioMessages)
    .set({ processingStatus: 'processing', analysisAttempts: sql`${audioMessages.analysisAttempts} + 1` })
    .where(
      and(
        eq(audioMessages.id, messageId),
        sql`${audioMessages.transcription} is not null`,
        sql`${audioMessages.processingStatus} <> 'completed'`,
      ),
    )
    .returning(speechColumns)
  return row
}

/**
 * An attempt may write its result only while it is still the current one: the row is processing and no
 * later attempt has claimed it. A job that outlived a crash and was run again elsewhere writes nothing.
 */
export type AttemptGuard = { stage: 'transcribe' | 'analyze'; attempts: number }
const isCurrent = (messageId: string, guard: AttemptGuard) =>
  and(
    eq(audioMessages.id, messageId),
    eq(audioMessages.processingStatus, 'processing'),
    eq(guard.stage === 'transcribe' ? audioMessages.transcriptionAttempts : audioMessages.analysisAttempts, guard.attempts),
  )

/** Answers whether the attempt was still current (and so wrote). */
export async function saveTranscription(
  db: Executor,
  guard: AttemptGuard & { messageId: string },
  heard: HeardTranscript,
  completed: boolean,
): Promise<boolean> {
  const rows = await db
    .update(audioMessages)
    .set({
      ...transcriptColumns(heard),
      processingError: null,
      ...(completed && { processingStatus: 'completed' as const }),
    })
    .where(isCurrent(guard.messageId, guard))
    .returning({ id: audioMessages.id })
  return rows.length > 0
}

/**
 * Writes the measured audio onto a message in place of the received recording it was read with, while the attempt is
 * current and the message still holds that recording unmeasured: a job run twice writes once. Answers whether it
 * wrote.
 */
export async function saveMeasuredAudio(
  db: Executor,
  guard: AttemptGuard & { messageId: string; receivedKey: string },
  audio: Pick<typeof audioMessages.$inferSelect, 'audioKey' | 'mimeType' | 'bytes' | 'durationSeconds' | 'waveform'>,
): Promise<boolean> {
  const rows = await db
    .update(audioMessages)
    .set({ ...audio, audioMeasuredAt: sql`now()` })
    .where(
      and(isCurrent(guard.messageId, guard), eq(audioMessages.audioKey, guard.receivedKey), sql`${audioMessages.audioMeasuredAt} is null`),
    )
    .returning({ id: audioMessages.id })
  return rows.length > 0
}

const transcriptColumns = (heard: HeardTranscript) => ({
  transcription: heard.text,
  wordTimestamps: heard.words,
  transcriptConfidence: heard.confidence,
  transcriptEngine: heard.engine,
  transcriptModel: heard.model,
  transcriptLanguage: heard.language,
  processingErrorCode: null,
})

export async function saveAnalysis(db: Executor, guard: AttemptGuard & { messageId: string }, analysis: Analysis): Promise<boolean> {
  const rows = await db
    .update(audioMessages)
    .set({
      emotions: analysis.emotions,
      topics: analysis.topics,
      sentiment: analysis.sentiment,
      processingStatus: 'completed',
      processingError: null,
    })
    .where(isCurrent(guard.messageId, guard))
    .returning({ id: audioMessages.id })
  return rows.length > 0
}

export type RedoRow = SpeechMessageRow & Pick<typeof audioMessages.$inferSelect, 'transcriptEngine' | 'transcriptModel'>

/** A finished message with its transcript's maker, for transcribing it again. */
export async function getFinishedTranscript(db: Executor, messageId: string): Promise<RedoRow | undefined> {
  const [row] = await db
    .select({ ...speechColumns, transcriptEngine: audioMessages.transcriptEngine, transcriptModel: audioMessages.transcriptModel })
    .from(audioMessages)
    .where(
      and(
        eq(audioMessages.id, messageId),
        sql`${audioMessages.transcription} is not null`,
        eq(audioMessages.processingStatus, 'completed'),
      ),
    )
  return row
}

/**
 * Replaces a finished transcript with a new one, only while the message is still finished and made by the engine
 * it was read with (so two redos at once write once). The old analysis goes: it read the old words. With
 * `analyse`, the message is 'processing' again until the analysis of the new words; else it stays 'completed'.
 * Answers whether it wrote.
 */
export async function replaceTranscript(
  db: Executor,
  row: Pick<RedoRow, 'id' | 'transcriptEngine' | 'transcriptModel'>,
  heard: HeardTranscript,
  analyse: boolean,
): Promise<boolean> {
  const sameMaker = (column: typeof audioMessages.transcriptEngine | typeof audioMessages.transcriptModel, value: string | null) =>
    value === null ? sql`${column} is null` : sql`${column} = ${value}`
  const rows = await db
    .update(audioMessages)
    .set({
      ...transcriptColumns(heard),
      emotions: [],
      topics: [],
      sentiment: null,
      processingError: null,
      analysisAttempts: 0,
      processingStatus: analyse ? 'processing' : 'completed',
    })
    .where(
      and(
        eq(audioMessages.id, row.id),
        eq(audioMessages.processingStatus, 'completed'),
        sameMaker(audioMessages.transcriptEngine, row.transcriptEngine),
        sameMaker(audioMessages.transcriptModel, row.transcriptModel),
      ),
    )
    .returning({ id: audioMessages.id })
  return rows.length > 0
}

/**
 * One page of finished messages, in id order after `afterId`, with who made their transcripts: the command that
 * transcribes again reads them page by page and queues a job for each one a stronger engine would improve.
 */
export async function listFinishedTranscripts(db: Executor, afterId: string | null, limit: number) {
  return db
    .select({ id: audioMessages.id, transcriptEngine: audioMessages.transcriptEngine, transcriptModel: audioMessages.transcriptModel })
    .from(audioMessages)
    .where(
      and(
        sql`${audioMessages.transcription} is not null`,
        eq(audioMessages.processingStatus, 'completed'),
        afterId === null ? undefined : sql`${audioMessages.id} > ${afterId}`,
      ),
    )
    .orderBy(audioMessages.id)
    .limit(limit)
}

/**
 * Records a failed attempt: `pending` again while another attempt is scheduled, else the final state. A speech the
 * engine cannot hear (decision 227) ends with its code and the language it is in.
 */
export async function setMessageOutcome(
  db: Executor,
  guard: AttemptGuard & { messageId: string },
  status: 'pending' | 'failed' | 'completed',
  error: string | null,
  unsupported?: { language: Locale },
): Promise<boolean> {
  const rows = await db
    .update(audioMessages)
    .set({
      processingStatus: status,
      processingError: error,
      ...(unsupported && { processingErrorCode: 'language_unsupported' as const, transcriptLanguage: unsupported.language }),
    })
    .where(isCurrent(guard.messageId, guard))
    .returning({ id: audioMessages.id })
  return rows.length > 0
}

/**
 * An attempt that met an absent object store gives its claim back (decision 216): the row is pending again and the
 * attempt is not counted, so an outage never uses up a message's attempts. Answers whether it was still current.
 */
export async function releaseAttempt(db: Executor, guard: AttemptGuard & { messageId: string }): Promise<boolean> {
  const counter = guard.stage === 'transcribe' ? audioMessages.transcriptionAttempts : audioMessages.analysisAttempts
  const rows = await db
    .update(audioMessages)
    .set({
      processingStatus: 'pending',
      [guard.stage === 'transcribe' ? 'transcriptionAttempts' : 'analysisAttempts']: sql`${counter} - 1`,
    })
    .where(isCurrent(guard.messageId, guard))
    .returning({ id: audioMessages.id })
  return rows.length > 0
}

/**
 * A fresh round of transcription after a person asked for a retry; the count starts again. Only a failed
 * message changes (only transcription can fail: failed analysis keeps the words), so of two retries at
 * once just one starts a round. Answers whether this one did.
 */
export async function resetFailedForRetry(db: Executor, messageId: string): Promise<boolean> {
  const rows = await db
    .update(audioMessages)
    .set({ processingStatus: 'pending', processingError: null, processingErrorCode: null, transcriptionAttempts: 0 })
    .where(and(eq(audioMessages.id, messageId), eq(audioMessages.processingStatus, 'failed')))
    .returning({ id: audioMessages.id })
  return rows.length > 0
}
