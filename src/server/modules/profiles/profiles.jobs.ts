import type { JobMap, JobOutcome } from '#server/jobs/job-queue.ts'
import type { JobTablePart } from '#server/jobs/job-table.ts'
import { publishRealtime } from '#server/realtime/realtime.publisher.ts'
import { transcribeKept, type KeptTranscriptJobDeps } from '#server/speech/transcribe-object.ts'
import { claimWelcome, saveWelcomeTranscript, setWelcomeStatus } from './profiles.queries.ts'

declare module '#server/jobs/job-queue.ts' {
  interface JobMap {
    /** a profile's welcome message, while its audio is still `audioKey` (attempt 1..3) */
    'transcribe-welcome': { userId: string; audioKey: string; attempt: number }
  }
}

/** The profile's own job: the welcome message's transcript, while the profile still holds that recording. */
function createProfileJobs(deps: KeptTranscriptJobDeps) {
  const { db, queue } = deps
  return {
    async handleTranscribeWelcome({ userId, audioKey, attempt }: JobMap['transcribe-welcome']): Promise<JobOutcome> {
      const claimed = await db.transaction(async (tx) => {
        const row = await claimWelcome(tx, userId, audioKey)
        if (row) await publishRealtime(tx, [userId], { type: 'profile.updated', user_id: userId })
        return row
      })
      if (!claimed) return { status: 'skipped', reason: 'welcome message replaced or already transcribed' }
      return transcribeKept(deps, {
        audioKey,
        attempt,
        language: claimed.language,
        what: { userId },
        save: async (tx, { text, words, language, status }) => {
          if (text !== null) await saveWelcomeTranscript(tx, userId, audioKey, { text, words, language })
          else await setWelcomeStatus(tx, userId, audioKey, status === 'failed' ? 'failed' : 'pending')
          await publishRealtime(tx, [userId], { type: 'profile.updated', user_id: userId })
        },
        requeue: (tx, delayMs) => queue.enqueue(tx, 'transcribe-welcome', { userId, audioKey, attempt: attempt + 1 }, { delayMs }),
      })
    },
  }
}

/** The profiles module's part of the job table; `concurrency` transcriptions at a time on an instance. */
export function profileJobTable({
  concurrency,
  ...deps
}: KeptTranscriptJobDeps & { concurrency: number }): JobTablePart<'transcribe-welcome'> {
  const jobs = createProfileJobs(deps)
  return { 'transcribe-welcome': { work: 'speech', handle: (data) => jobs.handleTranscribeWelcome(data), concurrency } }
}
