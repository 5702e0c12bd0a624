import { randomBytes } from 'node:crypto'
import type { Executor } from '../db/client.ts'
import { audioMessages } from '../db/schema.ts'

export type TestMessageValues = Partial<typeof audioMessages.$inferInsert> & { senderId: string; receiverId: string }

/** A finished voice message as a plain row (no audio file behind it): for tests of queries that only read rows. */
export function makeMessage(values: TestMessageValues): typeof audioMessages.$inferInsert {
  return {
    audioKey: `${values.senderId}/test-${randomBytes(8).toString('hex')}.webm`,
    mimeType: 'audio/webm',
    bytes: 4096,
    durationSeconds: 12,
    waveform: [],
    processingStatus: 'completed',
    ...values,
  }
}

/** Persists makeMessage's rows and returns them. */
export async function insertMessages(db: Executor, values: TestMessageValues[]) {
  if (values.length === 0) return []
  return db.insert(audioMessages).values(values.map(makeMessage)).returning()
}
