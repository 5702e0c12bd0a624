import type { JobMap, JobOutcome } from '#server/jobs/job-queue.ts'
import { transcribeKept, type KeptTranscriptJobDeps } from '#server/speech/transcribe-object.ts'
import { claimSessionTranscript, saveSessionTranscript } from './voice-sessions.queries.ts'

/**
 * A voice session's own job: a recorded note's transcript becomes the note's text (private to its owner). The owner's
 * screen polls while it is pending, so no realtime event is needed.
 */
export function createVoiceSessionJobs(deps: KeptTranscriptJobDeps) {
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
