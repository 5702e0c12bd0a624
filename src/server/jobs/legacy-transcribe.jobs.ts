import type { JobMap, JobQueue, QueuedJob } from './job-queue.ts'
import type { JobTablePart } from './job-table.ts'

declare module './job-queue.ts' {
  interface JobMap {
    /**
     * The one speech job of versions before decision 133, a union of every kind of recording, in the shape those
     * versions queued it. Nothing queues it any more: its handler queues each job still waiting from before an upgrade
     * again under its module's name. The name goes in the release after the one that ships this (decision 225).
     */
    transcribe:
      | { kind: 'message'; messageId: string }
      | { kind: 'redo'; messageId: string }
      | { kind: 'welcome'; userId: string; audioKey: string; attempt: number }
      | { kind: 'invitation'; invitationId: string; audioKey: string; attempt: number }
      | { kind: 'session'; sessionMessageId: string; audioKey: string; attempt: number }
  }
}

/** The job an earlier version's `transcribe` job is now: the same payload without `kind`, under its module's name. */
function renamedTranscribeJob(data: JobMap['transcribe']): QueuedJob {
  switch (data.kind) {
    case 'message':
      return { name: 'transcribe-message', data: { messageId: data.messageId } }
    case 'redo':
      return { name: 'retranscribe-message', data: { messageId: data.messageId } }
    case 'welcome':
      return { name: 'transcribe-welcome', data: { userId: data.userId, audioKey: data.audioKey, attempt: data.attempt } }
    case 'invitation':
      return { name: 'transcribe-invitation', data: { invitationId: data.invitationId, audioKey: data.audioKey, attempt: data.attempt } }
    case 'session':
      return {
        name: 'transcribe-voice-note',
        data: { sessionMessageId: data.sessionMessageId, audioKey: data.audioKey, attempt: data.attempt },
      }
  }
}

/**
 * The legacy `transcribe` job's entry: it queues the job again under its new name, and the module's handler does the
 * work (safe to repeat: each handler claims its row before it works, so a job queued twice transcribes once).
 */
export function legacyTranscribeJobTable(queue: Pick<JobQueue, 'enqueueMany'>): JobTablePart<'transcribe'> {
  return {
    transcribe: {
      work: 'speech',
      handle: async (data) => {
        const renamed = renamedTranscribeJob(data)
        await queue.enqueueMany(null, [renamed])
        return { status: 'done', reason: `queued again as ${renamed.name}` }
      },
    },
  }
}
