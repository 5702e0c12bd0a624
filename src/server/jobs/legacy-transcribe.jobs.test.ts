import { describe, expect, it, vi } from 'vitest'
import type { JobMap, QueuedJob } from './job-queue.ts'
import { legacyTranscribeJobTable } from './legacy-transcribe.jobs.ts'

describe("the legacy 'transcribe' job (decision 225)", () => {
  const cases: [JobMap['transcribe'], QueuedJob][] = [
    [
      { kind: 'message', messageId: 'm1' },
      { name: 'transcribe-message', data: { messageId: 'm1' } },
    ],
    [
      { kind: 'redo', messageId: 'm2' },
      { name: 'retranscribe-message', data: { messageId: 'm2' } },
    ],
    [
      { kind: 'welcome', userId: 'u1', audioKey: 'u1/a.webm', attempt: 2 },
      { name: 'transcribe-welcome', data: { userId: 'u1', audioKey: 'u1/a.webm', attempt: 2 } },
    ],
    [
      { kind: 'invitation', invitationId: 'i1', audioKey: 'u2/b.webm', attempt: 1 },
      { name: 'transcribe-invitation', data: { invitationId: 'i1', audioKey: 'u2/b.webm', attempt: 1 } },
    ],
    [
      { kind: 'session', sessionMessageId: 's1', audioKey: 'u3/c.webm', attempt: 3 },
      { name: 'transcribe-voice-note', data: { sessionMessageId: 's1', audioKey: 'u3/c.webm', attempt: 3 } },
    ],
  ]

  it.each(cases)("queues %o again under its module's name, with the same payload without its kind", async (legacy, renamed) => {
    const enqueueMany = vi.fn(async () => undefined)
    const outcome = await legacyTranscribeJobTable({ enqueueMany }).transcribe.handle(legacy)
    expect(enqueueMany).toHaveBeenCalledExactlyOnceWith(null, [renamed])
    expect(outcome).toEqual({ status: 'done', reason: `queued again as ${renamed.name}` })
  })

  it('lets a failure to queue reach the queue, which tries the job again', async () => {
    const enqueueMany = vi.fn(async () => {
      throw new Error('database away')
    })
    await expect(legacyTranscribeJobTable({ enqueueMany }).transcribe.handle({ kind: 'message', messageId: 'm1' })).rejects.toThrow(
      'database away',
    )
  })
})
