import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { nextRetryDelayMs, SPEECH_RETRY_WINDOW_MS } from '#shared/speech.ts'
import { strongerEngineAvailable, transcriptCarriesInsights } from '#shared/transcript-confidence.ts'
import type { FastifyBaseLogger } from 'fastify'
import type { Database, Executor } from '#server/db/client.ts'
import type { JobMap, JobOutcome, JobQueue } from '#server/jobs/job-queue.ts'
import type { JobTablePart } from '#server/jobs/job-table.ts'
import { analyzerReads, type Analyzer } from '#server/speech/analysis/analyzer.ts'
import { ValidationError } from '#server/http/errors.ts'
import { prepareRecording, type PreparedRecording } from '#server/media/audio.ts'
import { isStorageUnavailable, type ObjectStorage } from '#server/media/storage.ts'
import { LanguageUnsupportedError, SpeechEngineError } from '#server/speech/engine.ts'
import { reasonOf, type HeardTranscript, type ObjectTranscriber } from '#server/speech/transcribe-object.ts'
import { refreshRelationshipHealth } from '#server/modules/relationship-health/relationship-health.service.ts'
import { freshAudioKey } from '#server/modules/audio-uploads/audio-uploads.service.ts'
import { announceSpeechState } from './message-events.ts'
import {
  claimForAnalysis,
  claimForTranscription,
  getFinishedTranscript,
  replaceTranscript,
  saveAnalysis,
  saveMeasuredAudio,
  releaseAttempt,
  saveTranscription,
  setMessageOutcome,
  type SpeechMessageRow,
} from './message-speech.queries.ts'

declare module '#server/jobs/job-queue.ts' {
  interface JobMap {
    /** transcribe a sent voice message */
    'transcribe-message': { messageId: string }
    /** again, by the engine now running, a message whose transcript a weaker engine made (decision 93) */
    'retranscribe-message': { messageId: string }
    /** find emotions, topics and sentiment in a message's transcript */
    analyze: { messageId: string }
  }
}

const ANALYSIS_TIMEOUT_MS = 60_000

/** The folder, made when missing (a fresh data directory has none). */
const ensured = async (dir: string) => {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 })
  return dir
}

/**
 * Tells both people of a message that a speech stage changed it, with its speech state as it is now; `fields` names
 * what the stage wrote, and new emotions move the pair's relationship health.
 */
export const announceMessageUpdate = (executor: Executor, row: Pick<SpeechMessageRow, 'id'>, fields: string[]) =>
  announceSpeechState(executor, row.id, { health: fields.includes('emotions') })

/**
 * A voice message's speech jobs: a sent message is transcribed, then analysed, each stage with its attempts and
 * delays (`nextRetryDelayMs` in src/shared/speech.ts), and every status change reaches both people over realtime. Handlers are safe to run
 * twice: each claims the row with a conditional update before it works.
 */
export function createMessageJobs({
  db,
  transcriber,
  analyzer,
  queue,
  log,
  storage,
  tmpDir,
  signMediaUrl,
  now = Date.now,
}: {
  db: Database
  transcriber: Pick<ObjectTranscriber, 'transcribe' | 'transcribeWav' | 'active'>
  /** where the received recording is read from and its playable form written to */
  storage: Pick<ObjectStorage, 'read' | 'putFile' | 'remove'>
  tmpDir: string
  /** the measured audio's URL as both people's screens receive it */
  signMediaUrl: (key: string) => string
  analyzer: Analyzer
  queue: Pick<JobQueue, 'enqueue'>
  log: Pick<FastifyBaseLogger, 'warn'>
  now?: () => number
}) {
  const announce = announceMessageUpdate
  /**
   * Too unsure a transcript is kept and indexed, but not analysed: no mood, tags or tips from guesses (decision 92);
   * nor is one in a language the analyser cannot read, whose English word lists would find nothing true (decision 227).
   */
  const worthAnalysing = (heard: HeardTranscript) => transcriptCarriesInsights(heard) && analyzerReads(analyzer, heard.language)
  const withinWindow = (createdAt: Date) => now() - createdAt.getTime() < SPEECH_RETRY_WINDOW_MS

  /**
   * After a failed attempt: schedule the next one, or end in `failed`. An attempt that met an absent object store
   * counts for nothing: the row is pending again and the error goes on to the queue, which runs the job again once
   * the store may be back (decision 216).
   */
  async function afterFailure(row: SpeechMessageRow, stage: 'transcribe' | 'analyze', error: unknown): Promise<JobOutcome> {
    const attempts = stage === 'transcribe' ? row.transcriptionAttempts : row.analysisAttempts
    if (isStorageUnavailable(error)) {
      const released = await db.transaction(async (tx) => {
        const still = await releaseAttempt(tx, { messageId: row.id, stage, attempts })
        if (still) await announce(tx, row, ['processing_status'])
        return still
      })
      if (released) throw error
      return { status: 'skipped', reason: 'a later attempt took over' }
    }
    const retryable = !(error instanceof SpeechEngineError) || error.retryable
    const delay = retryable && withinWindow(row.createdAt) ? nextRetryDelayMs(attempts) : null
    const reason = reasonOf(error)
    log.warn({ messageId: row.id, stage, attempts, reason }, 'speech: attempt failed')
    const guard = { messageId: row.id, stage, attempts }
    const current = await db.transaction(async (tx) => {
      let written: boolean
      if (delay !== null) {
        written = await setMessageOutcome(tx, guard, 'pending', reason)
        if (written && stage === 'transcribe') await queue.enqueue(tx, 'transcribe-message', { messageId: row.id }, { delayMs: delay })
        if (written && stage === 'analyze') await queue.enqueue(tx, 'analyze', { messageId: row.id }, { delayMs: delay })
      } else if (stage === 'transcribe') {
        // a language the engine cannot hear is said so, with its code, instead of an English guess (decision 227)
        const unsupported = error instanceof LanguageUnsupportedError ? { language: error.language } : undefined
        written = await setMessageOutcome(tx, guard, 'failed', reason, unsupported)
      } else {
        // the words are there; only the tags are missing, so the message is not "failed"
        written = await setMessageOutcome(tx, guard, 'completed', `Analysis failed: ${reason}`)
      }
      if (written) await announce(tx, row, ['processing_status', 'processing_error'])
      return written
    })
    if (!current) return { status: 'skipped', reason: 'a later attempt took over' }
    return { status: delay !== null ? 'skipped' : 'failed', reason }
  }

  /**
   * The one pass over a message's received recording (decision 174): read once, decoded once, measured, written in
   * its playable form under a fresh key and onto the message (announced to both people).
   * Answers the WAV the engine hears, cut from the same decode. A recording that breaks a rule ends the message in
   * `failed` with the rule's text and no retry; its received recording stays, so it still plays. Safe to run again
   * after a crash at any step: the message is written only while it still holds the key read at claim time unmeasured.
   */
  async function measureReceived(
    row: SpeechMessageRow,
    work: string,
  ): Promise<{ speechWavPath: string; durationSeconds: number } | { refusal: JobOutcome }> {
    const received = path.join(work, 'received')
    await pipeline(storage.read(row.audioKey), createWriteStream(received))
    const guard = { messageId: row.id, stage: 'transcribe' as const, attempts: row.transcriptionAttempts }
    let prepared: PreparedRecording
    try {
      prepared = await prepareRecording(received, work)
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error
      log.warn({ messageId: row.id, reason: error.message }, 'speech: the received recording breaks a rule')
      const written = await db.transaction(async (tx) => {
        const ended = await setMessageOutcome(tx, guard, 'failed', error.message)
        if (ended) await announce(tx, row, ['processing_status', 'processing_error'])
        return ended
      })
      return { refusal: written ? { status: 'failed', reason: error.message } : { status: 'skipped', reason: 'a later attempt took over' } }
    }
    // beside the received recording: its sender may have deleted their account meanwhile (decision 202)
    const audioKey = freshAudioKey(row.audioKey.split('/')[0] ?? 'kept', prepared.ext)
    const audio = {
      audioKey,
      mimeType: prepared.mime,
      bytes: (await fs.stat(prepared.playablePath)).size,
      durationSeconds: prepared.durationSeconds,
      waveform: prepared.waveform,
    }
    // storage may move the file rather than copy it: measured before
    await storage.putFile(audioKey, prepared.playablePath)
    const written = await db.transaction(async (tx) => {
      if (!(await saveMeasuredAudio(tx, { ...guard, receivedKey: row.audioKey }, audio))) return false
      await announceSpeechState(tx, row.id, {
        health: false,
        audio: {
          audio_url: signMediaUrl(audioKey),
          mime_type: audio.mimeType,
          duration_seconds: audio.durationSeconds,
          waveform: audio.waveform,
        },
      })
      return true
    })
    if (!written) {
      await storage.remove(audioKey)
      throw new Error('the message changed while its recording was measured')
    }
    // the received bytes are left to the media sweep (an hour on): a backup that copied the row before this write
    // still finds them, and a player half-way through them is not cut off
    return prepared
  }

  return {
    async handleTranscribeMessage({ messageId }: JobMap['transcribe-message']): Promise<JobOutcome> {
      const row = await db.transaction(async (tx) => {
        const claimed = await claimForTranscription(tx, messageId)
        if (claimed) await announce(tx, claimed, ['processing_status'])
        return claimed
      })
      if (!row) return { status: 'skipped', reason: 'message gone, transcribed or failed' }
      let result: HeardTranscript
      let work: string | null = null
      try {
        if (row.audioMeasuredAt) result = await transcriber.transcribe(row.audioKey, row.durationSeconds, row.senderLanguage)
        else {
          work = await fs.mkdtemp(path.join(await ensured(tmpDir), 'message-'))
          const prepared = await measureReceived(row, work)
          if ('refusal' in prepared) return prepared.refusal
          result = await transcriber.transcribeWav(
            { wavPath: prepared.speechWavPath, durationSeconds: prepared.durationSeconds },
            row.senderLanguage,
          )
        }
      } catch (error) {
        // awaited here, before the `finally` awaits the folder's removal: returned unawaited, a failure to record the
        // attempt (the database away, decision 217) would be a rejection nobody handles yet, which ends the process
        return await afterFailure(row, 'transcribe', error)
      } finally {
        if (work) await fs.rm(work, { recursive: true, force: true })
      }
      const current = await db.transaction(async (tx) => {
        const nothingToAnalyse = !worthAnalysing(result)
        const guard = { messageId: row.id, stage: 'transcribe' as const, attempts: row.transcriptionAttempts }
        if (!(await saveTranscription(tx, guard, result, nothingToAnalyse))) return false
        if (!nothingToAnalyse) await queue.enqueue(tx, 'analyze', { messageId: row.id })
        await announce(tx, row, ['transcription', 'word_timestamps', 'processing_status'])
        return true
      })
      return current ? { status: 'done' } : { status: 'skipped', reason: 'a later attempt took over' }
    },

    /**
     * A finished message transcribed again because a stronger engine runs now (decision 93). The old transcript stays
     * until the new one is written, and stays for good if this fails: a worse engine's words beat none. Safe to run
     * twice: a message already made by an engine as strong as the one running is skipped.
     */
    async handleRetranscribeMessage({ messageId }: JobMap['retranscribe-message']): Promise<JobOutcome> {
      const row = await getFinishedTranscript(db, messageId)
      if (!row) return { status: 'skipped', reason: 'message gone, not finished or without a transcript' }
      if (!strongerEngineAvailable({ engine: row.transcriptEngine, model: row.transcriptModel }, transcriber.active())) {
        return { status: 'skipped', reason: 'no stronger engine than the one that made the transcript' }
      }
      let result: HeardTranscript
      try {
        result = await transcriber.transcribe(row.audioKey, row.durationSeconds, row.senderLanguage)
      } catch (error) {
        // the store away: the queue runs this again later (decision 216)
        if (isStorageUnavailable(error)) throw error
        log.warn({ messageId, reason: reasonOf(error) }, 'speech: transcribing again failed; the earlier transcript stays')
        return { status: 'failed', reason: reasonOf(error) }
      }
      const analyse = worthAnalysing(result)
      const written = await db.transaction(async (tx) => {
        if (!(await replaceTranscript(tx, row, result, analyse))) return false
        if (analyse) await queue.enqueue(tx, 'analyze', { messageId: row.id })
        // the old words' emotions are gone, and the health of the pair read them
        else if (row.senderId && row.receiverId) await refreshRelationshipHealth(tx, row.senderId, row.receiverId, new Date(now()))
        await announce(tx, row, ['transcription', 'word_timestamps', 'emotions', 'topics', 'processing_status'])
        return true
      })
      return written ? { status: 'done' } : { status: 'skipped', reason: 'the message changed meanwhile' }
    },

    /** Finds emotions, topics and sentiment in a transcribed message; the pair's relationship health follows. */
    async handleAnalyze({ messageId }: JobMap['analyze']): Promise<JobOutcome> {
      const row = await claimForAnalysis(db, messageId)
      if (!row?.transcription) return { status: 'skipped', reason: 'message gone, not transcribed or already analysed' }
      try {
        const analysis = await analyzer.analyze(row.transcription, AbortSignal.timeout(ANALYSIS_TIMEOUT_MS))
        const current = await db.transaction(async (tx) => {
          const guard = { messageId: row.id, stage: 'analyze' as const, attempts: row.analysisAttempts }
          if (!(await saveAnalysis(tx, guard, analysis))) return false
          if (row.senderId && row.receiverId) await refreshRelationshipHealth(tx, row.senderId, row.receiverId, new Date(now()))
          await announce(tx, row, ['emotions', 'topics', 'processing_status'])
          return true
        })
        return current ? { status: 'done' } : { status: 'skipped', reason: 'a later attempt took over' }
      } catch (error) {
        return afterFailure(row, 'analyze', error)
      }
    },
  }
}

/**
 * The messages module's part of the job table: its speech jobs. A transcription runs at most `concurrency` at a time on
 * an instance (the transcriber bounds it across modules too); analysis takes the queue's default.
 */
export function messageJobTable({
  concurrency,
  ...deps
}: Parameters<typeof createMessageJobs>[0] & { concurrency: number }): JobTablePart<
  'transcribe-message' | 'retranscribe-message' | 'analyze'
> {
  const jobs = createMessageJobs(deps)
  return {
    'transcribe-message': { work: 'speech', handle: (data) => jobs.handleTranscribeMessage(data), concurrency },
    'retranscribe-message': { work: 'speech', handle: (data) => jobs.handleRetranscribeMessage(data), concurrency },
    analyze: { work: 'speech', handle: (data) => jobs.handleAnalyze(data) },
  }
}
