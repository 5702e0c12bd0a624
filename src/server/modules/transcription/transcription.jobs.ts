import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { estimateWordTimings, leadingSilenceOffset } from '#shared/word-timing.ts'
import { nextRetryDelayMs, SPEECH_RETRY_WINDOW_MS, SPEECH_TEXTS } from '#shared/speech.ts'
import { strongerEngineAvailable, transcriptCarriesInsights } from '#shared/transcript-confidence.ts'
import type { FastifyBaseLogger } from 'fastify'
import type { Database, Executor } from '#server/db/client.ts'
import type { JobMap, JobOutcome, JobQueue } from '#server/jobs/job-queue.ts'
import type { ObjectStorage } from '#server/media/storage.ts'
import type { Analyzer } from '#server/speech/analysis/analyzer.ts'
import { publishRealtime } from '#server/realtime/realtime.publisher.ts'
import { decodeForSpeech, readPcmSamples, SPEECH_SAMPLE_RATE } from '#server/speech/decode.ts'
import { SpeechEngineError, type EngineChoice, type TranscriptWord } from '#server/speech/engine.ts'
import { refreshRelationshipHealth } from '#server/modules/relationship-health/relationship-health.service.ts'
import { claimInvitationTranscript, saveInvitationTranscript } from '#server/modules/invitations/invitations.queries.ts'
import { claimSessionTranscript, saveSessionTranscript } from '#server/modules/sessions/sessions.queries.ts'
import {
  claimForAnalysis,
  claimForTranscription,
  claimWelcome,
  getFinishedTranscript,
  replaceTranscript,
  saveAnalysis,
  saveTranscription,
  saveWelcomeTranscript,
  setMessageOutcome,
  setWelcomeStatus,
  type SpeechMessageRow,
} from './transcription.queries.ts'

/**
 * An engine gets this long plus 2 s per second of audio before its attempt counts as failed: the offline
 * engine needs about 0.65 s per second here (a 10-minute recording may take up to 20.5 min). The job keeps
 * its lease while this instance lives, however long that is; only a dead instance's jobs run again.
 */
const ENGINE_BASE_TIMEOUT_MS = 30_000
const ENGINE_TIMEOUT_PER_AUDIO_SECOND_MS = 2_000
const ANALYSIS_TIMEOUT_MS = 60_000

/** What the speech pipeline needs, requests and jobs alike (the wiring builds both from one object). */
export type TranscriptionDeps = {
  db: Database
  storage: ObjectStorage
  speech: EngineChoice
  analyzer: Analyzer
  queue: JobQueue
  tmpDir: string
  log: FastifyBaseLogger
  now?: () => number
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500)

/** What an engine heard, with how sure it was and who made it (decision 92). */
export type HeardTranscript = {
  text: string
  words: TranscriptWord[]
  confidence: number | null
  engine: string
  model: string | null
}

/** Tells both people of a message that some of its fields changed. */
export const announceMessageUpdate = (
  executor: Executor,
  row: Pick<SpeechMessageRow, 'id' | 'senderId' | 'receiverId'>,
  fields: string[],
) => publishRealtime(executor, [row.senderId, row.receiverId], { type: 'message.updated', message_id: row.id, fields })

/**
 * The speech pipeline's job handlers: a sent message is transcribed, then analysed, each stage with the
 * spec's attempts and delays, and every status change reaches both people over realtime. Handlers are safe
 * to run twice: each claims the row with a conditional update before it works.
 */
export function createTranscriptionJobs({ db, storage, speech, analyzer, queue, tmpDir, log, now = Date.now }: TranscriptionDeps) {
  const announce = announceMessageUpdate
  const withinWindow = (createdAt: Date) => now() - createdAt.getTime() < SPEECH_RETRY_WINDOW_MS

  /** Copies a stored recording to a temporary file and decodes it to 16 kHz mono WAV for the engine. */
  async function transcribeObject(audioKey: string, durationSeconds: number): Promise<HeardTranscript> {
    const engine = speech.engine
    if (!engine) throw new SpeechEngineError(`${SPEECH_TEXTS.noEngine}: ${speech.reason}`, false)
    const made = { engine: speech.name, model: engine.model ?? null }
    await fs.mkdir(tmpDir, { recursive: true })
    const work = await fs.mkdtemp(path.join(tmpDir, 'speech-'))
    try {
      const source = path.join(work, 'source')
      await pipeline(storage.read(audioKey), createWriteStream(source))
      const decoded = await decodeForSpeech(source, work)
      try {
        // AbortSignal.timeout takes whole milliseconds only
        const signal = AbortSignal.timeout(Math.ceil(ENGINE_BASE_TIMEOUT_MS + ENGINE_TIMEOUT_PER_AUDIO_SECOND_MS * decoded.durationSeconds))
        const transcript = await engine.transcribe({ wavPath: decoded.wavPath, durationSeconds: decoded.durationSeconds, signal })
        const text = transcript.text.replace(/\s+/g, ' ').trim()
        if (!text) return { text: '', words: [], confidence: null, ...made }
        const confidence = transcript.confidence ?? null
        if (transcript.words.length > 0) return { text, words: transcript.words, confidence, ...made }
        // no word times from this engine: the spec's weighting after the leading silence
        const offset = leadingSilenceOffset(readPcmSamples(decoded.wavPath), SPEECH_SAMPLE_RATE)
        return { text, words: estimateWordTimings(text, decoded.durationSeconds || durationSeconds, offset), confidence, ...made }
      } finally {
        await decoded.cleanup()
      }
    } finally {
      await fs.rm(work, { recursive: true, force: true })
    }
  }

  /** After a failed attempt: schedule the next one, or end in `failed`. */
  async function afterMessageFailure(row: SpeechMessageRow, stage: 'transcribe' | 'analyze', error: unknown): Promise<JobOutcome> {
    const attempts = stage === 'transcribe' ? row.transcriptionAttempts : row.analysisAttempts
    const retryable = !(error instanceof SpeechEngineError) || error.retryable
    const delay = retryable && withinWindow(row.createdAt) ? nextRetryDelayMs(attempts) : null
    const reason = reasonOf(error)
    log.warn({ messageId: row.id, stage, attempts, reason }, 'speech: attempt failed')
    const guard = { messageId: row.id, stage, attempts }
    const current = await db.transaction(async (tx) => {
      let written: boolean
      if (delay !== null) {
        written = await setMessageOutcome(tx, guard, 'pending', reason)
        if (written && stage === 'transcribe')
          await queue.enqueue(tx, 'transcribe', { kind: 'message', messageId: row.id }, { delayMs: delay })
        if (written && stage === 'analyze') await queue.enqueue(tx, 'analyze', { messageId: row.id }, { delayMs: delay })
      } else if (stage === 'transcribe') {
        written = await setMessageOutcome(tx, guard, 'failed', reason)
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

  async function handleMessageTranscription(messageId: string): Promise<JobOutcome> {
    const row = await db.transaction(async (tx) => {
      const claimed = await claimForTranscription(tx, messageId)
      if (claimed) await announce(tx, claimed, ['processing_status'])
      return claimed
    })
    if (!row) return { status: 'skipped', reason: 'message gone, transcribed or failed' }
    let result: HeardTranscript
    try {
      result = await transcribeObject(row.audioKey, row.durationSeconds)
    } catch (error) {
      return afterMessageFailure(row, 'transcribe', error)
    }
    const current = await db.transaction(async (tx) => {
      // too unsure a transcript is kept and indexed, but not analysed: no mood, tags or tips from guesses (decision 92)
      const nothingToAnalyse = !transcriptCarriesInsights(result)
      const guard = { messageId: row.id, stage: 'transcribe' as const, attempts: row.transcriptionAttempts }
      if (!(await saveTranscription(tx, guard, result, nothingToAnalyse))) return false
      if (!nothingToAnalyse) await queue.enqueue(tx, 'analyze', { messageId: row.id })
      await announce(tx, row, ['transcription', 'word_timestamps', 'processing_status'])
      return true
    })
    return current ? { status: 'done' } : { status: 'skipped', reason: 'a later attempt took over' }
  }

  /**
   * A finished message transcribed again because a stronger engine runs now (decision 93). The old transcript stays
   * until the new one is written, and stays for good if this fails: a worse engine's words beat none. Safe to run
   * twice: a message already made by an engine as strong as the one running is skipped.
   */
  async function handleRedoTranscription(messageId: string): Promise<JobOutcome> {
    const row = await getFinishedTranscript(db, messageId)
    if (!row) return { status: 'skipped', reason: 'message gone, not finished or without a transcript' }
    const active = { engine: speech.name, model: speech.engine?.model ?? null }
    if (!strongerEngineAvailable({ engine: row.transcriptEngine, model: row.transcriptModel }, active)) {
      return { status: 'skipped', reason: 'no stronger engine than the one that made the transcript' }
    }
    let result: HeardTranscript
    try {
      result = await transcribeObject(row.audioKey, row.durationSeconds)
    } catch (error) {
      log.warn({ messageId, reason: reasonOf(error) }, 'speech: transcribing again failed; the earlier transcript stays')
      return { status: 'failed', reason: reasonOf(error) }
    }
    const analyse = transcriptCarriesInsights(result)
    const written = await db.transaction(async (tx) => {
      if (!(await replaceTranscript(tx, row, result, analyse))) return false
      if (analyse) await queue.enqueue(tx, 'analyze', { messageId: row.id })
      // the old words' emotions are gone, and the health of the pair read them
      else if (row.receiverId) await refreshRelationshipHealth(tx, row.senderId, row.receiverId, new Date(now()))
      await announce(tx, row, ['transcription', 'word_timestamps', 'emotions', 'topics', 'processing_status'])
      return true
    })
    return written ? { status: 'done' } : { status: 'skipped', reason: 'the message changed meanwhile' }
  }

  async function handleWelcomeTranscription({
    userId,
    audioKey,
    attempt,
  }: Extract<JobMap['transcribe'], { kind: 'welcome' }>): Promise<JobOutcome> {
    const claimed = await db.transaction(async (tx) => {
      const row = await claimWelcome(tx, userId, audioKey)
      if (row) await publishRealtime(tx, [userId], { type: 'profile.updated', user_id: userId })
      return row
    })
    if (!claimed) return { status: 'skipped', reason: 'welcome message replaced or already transcribed' }
    try {
      const result = await transcribeObject(audioKey, 0)
      await db.transaction(async (tx) => {
        await saveWelcomeTranscript(tx, userId, audioKey, result.text, result.words)
        await publishRealtime(tx, [userId], { type: 'profile.updated', user_id: userId })
      })
      return { status: 'done' }
    } catch (error) {
      const retryable = !(error instanceof SpeechEngineError) || error.retryable
      const delay = retryable ? nextRetryDelayMs(attempt) : null
      log.warn({ userId, attempt, reason: reasonOf(error) }, 'speech: welcome transcription failed')
      await db.transaction(async (tx) => {
        await setWelcomeStatus(tx, userId, audioKey, delay !== null ? 'pending' : 'failed')
        if (delay !== null)
          await queue.enqueue(tx, 'transcribe', { kind: 'welcome', userId, audioKey, attempt: attempt + 1 }, { delayMs: delay })
        await publishRealtime(tx, [userId], { type: 'profile.updated', user_id: userId })
      })
      return { status: delay !== null ? 'skipped' : 'failed', reason: reasonOf(error) }
    }
  }

  type KeptOutcome = { text: string | null; status: 'pending' | 'completed' | 'failed' }

  /**
   * One attempt at the transcript of a recording kept beside a row (an invitation's personal message, a session
   * note): saved when made; after a failure, the next attempt queued with the spec's delay, or the end in `failed`.
   */
  async function transcribeKept(job: {
    audioKey: string
    attempt: number
    what: Record<string, string>
    save: (tx: Executor, outcome: KeptOutcome) => Promise<void>
    requeue: (tx: Executor, delayMs: number) => Promise<void>
  }): Promise<JobOutcome> {
    try {
      const result = await transcribeObject(job.audioKey, 0)
      await db.transaction((tx) => job.save(tx, { text: result.text, status: 'completed' }))
      return { status: 'done' }
    } catch (error) {
      const retryable = !(error instanceof SpeechEngineError) || error.retryable
      const delay = retryable ? nextRetryDelayMs(job.attempt) : null
      log.warn({ ...job.what, attempt: job.attempt, reason: reasonOf(error) }, 'speech: transcription of a kept recording failed')
      await db.transaction(async (tx) => {
        await job.save(tx, { text: null, status: delay !== null ? 'pending' : 'failed' })
        if (delay !== null) await job.requeue(tx, delay)
      })
      return { status: delay !== null ? 'skipped' : 'failed', reason: reasonOf(error) }
    }
  }

  /** An invitation's personal message: transcribed like a welcome message; the inviter's list hears of it. */
  async function handleInvitationTranscription({
    invitationId,
    audioKey,
    attempt,
  }: Extract<JobMap['transcribe'], { kind: 'invitation' }>): Promise<JobOutcome> {
    const claimed = await claimInvitationTranscript(db, invitationId, audioKey)
    if (!claimed) return { status: 'skipped', reason: 'invitation gone, cancelled or already transcribed' }
    return transcribeKept({
      audioKey,
      attempt,
      what: { invitationId },
      save: async (tx, { text, status }) => {
        await saveInvitationTranscript(tx, invitationId, audioKey, { transcript: text, status })
        await publishRealtime(tx, [claimed.inviterUserId], { type: 'invitation.changed', invitation_id: invitationId })
      },
      requeue: (tx, delayMs) =>
        queue.enqueue(tx, 'transcribe', { kind: 'invitation', invitationId, audioKey, attempt: attempt + 1 }, { delayMs }),
    })
  }

  /**
   * A note recorded in a session (private to its owner): its transcript becomes the note's text. The owner's screen
   * polls while it is pending, so no realtime event is needed.
   */
  async function handleSessionTranscription({
    sessionMessageId,
    audioKey,
    attempt,
  }: Extract<JobMap['transcribe'], { kind: 'session' }>): Promise<JobOutcome> {
    if (!(await claimSessionTranscript(db, sessionMessageId, audioKey)))
      return { status: 'skipped', reason: 'note gone or already transcribed' }
    return transcribeKept({
      audioKey,
      attempt,
      what: { sessionMessageId },
      save: (tx, outcome) => saveSessionTranscript(tx, sessionMessageId, audioKey, outcome),
      requeue: (tx, delayMs) =>
        queue.enqueue(tx, 'transcribe', { kind: 'session', sessionMessageId, audioKey, attempt: attempt + 1 }, { delayMs }),
    })
  }

  return {
    async handleTranscribe(data: JobMap['transcribe']): Promise<JobOutcome> {
      if (data.kind === 'message') return handleMessageTranscription(data.messageId)
      if (data.kind === 'redo') return handleRedoTranscription(data.messageId)
      if (data.kind === 'invitation') return handleInvitationTranscription(data)
      if (data.kind === 'session') return handleSessionTranscription(data)
      return handleWelcomeTranscription(data)
    },

    async handleAnalyze({ messageId }: JobMap['analyze']): Promise<JobOutcome> {
      const row = await claimForAnalysis(db, messageId)
      if (!row?.transcription) return { status: 'skipped', reason: 'message gone, not transcribed or already analysed' }
      try {
        const analysis = await analyzer.analyze(row.transcription, AbortSignal.timeout(ANALYSIS_TIMEOUT_MS))
        const current = await db.transaction(async (tx) => {
          const guard = { messageId: row.id, stage: 'analyze' as const, attempts: row.analysisAttempts }
          if (!(await saveAnalysis(tx, guard, analysis))) return false
          if (row.receiverId) await refreshRelationshipHealth(tx, row.senderId, row.receiverId, new Date(now()))
          await announce(tx, row, ['emotions', 'topics', 'processing_status'])
          return true
        })
        return current ? { status: 'done' } : { status: 'skipped', reason: 'a later attempt took over' }
      } catch (error) {
        return afterMessageFailure(row, 'analyze', error)
      }
    },
  }
}

export type TranscriptionJobs = ReturnType<typeof createTranscriptionJobs>
