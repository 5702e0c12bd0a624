import type { JobMap, JobOutcome } from '#server/jobs/job-queue.ts'
import type { JobTablePart } from '#server/jobs/job-table.ts'
import { transcribeKept, type KeptTranscriptJobDeps } from '#server/speech/transcribe-object.ts'
import { claimSessionTranscript, saveSessionTranscript } from './voice-sessions.queries.ts'

declare module '#server/jobs/job-queue.ts' {
  interface JobMap {
    /** a note recorded in a voice session */
    'transcribe-voice-note': { sessionMessageId: string; audioKey: string; attempt: number }
  }
}

/**
 * A voice session's own job: a recorded note's transcript becomes the note's text (private to its owner). The owner's
 * screen polls while it is pending, so no realtime event is needed.
 */
function createVoiceSessionJobs(deps: KeptTranscriptJobDeps) {
  const { db, queue } = deps
  return {
    async handleTranscribeVoiceNote({ sessionMessageId, audioKey, attempt }: JobMap['transcribe-voice-note']): Promise<JobOutcome> {
      const claimed = await claimSessionTranscript(db, sessionMessageId, audioKey)
      if (!claimed) return { status: 'skipped', reason: 'note gone or already transcribed' }
      return transcribeKept(deps, {
        audioKey,
        attempt,
        language: claimed.language,
        what: { sessionMessageId },
        save: (tx, { text, language, status }) => saveSessionTranscript(tx, sessionMessageId, audioKey, { text, language, status }),
        requeue: (tx, delayMs) =>
          queue.enqueue(tx, 'transcribe-voice-note', { sessionMessageId, audioKey, attempt: attempt + 1 }, { delayMs }),
      })
    },
  }
}

/** The voice sessions module's part of the job table; `concurrency` transcriptions at a time on an instance. */
export function voiceSessionJobTable({
  concurrency,
  ...deps
}: KeptTranscriptJobDeps & { concurrency: number }): JobTablePart<'transcribe-voice-note'> {
  const jobs = createVoiceSessionJobs(deps)
  return { 'transcribe-voice-note': { work: 'speech', handle: (data) => jobs.handleTranscribeVoiceNote(data), concurrency } }
}
