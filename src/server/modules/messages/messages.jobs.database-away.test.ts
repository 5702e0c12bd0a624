import os from 'node:os'
import { Readable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Database } from '#server/db/client.ts'
import type { SpeechMessageRow } from './message-speech.queries.ts'
import { createMessageJobs } from './messages.jobs.ts'

const row = {
  id: 'message-1',
  audioKey: 'sender/received.webm',
  audioMeasuredAt: null,
  durationSeconds: 1,
  transcriptionAttempts: 1,
  createdAt: new Date(),
} as unknown as SpeechMessageRow

describe('a transcription whose failure cannot be recorded because the database went away', () => {
  it('fails its job (to run again once its lease ends) instead of leaving a rejection nobody handles', async () => {
    const databaseAway = Object.assign(new Error('the database system is shutting down'), { code: '57P03' })
    let transactions = 0
    // the claim succeeds; the database is gone by the time the failed attempt is to be recorded
    const db = {
      transaction: () => (transactions++ === 0 ? Promise.resolve(row) : Promise.reject(databaseAway)),
    } as unknown as Database
    const jobs = createMessageJobs({
      db,
      transcriber: {} as never,
      analyzer: {} as never,
      queue: { enqueue: () => Promise.resolve() },
      log: { warn: () => undefined } as unknown as FastifyBaseLogger,
      // the received recording cannot be read: the attempt fails, with a work folder to remove
      storage: {
        read: () =>
          new Readable({
            read() {
              this.destroy(new Error('gone'))
            },
          }),
        putFile: async () => undefined,
        remove: async () => undefined,
      },
      tmpDir: os.tmpdir(),
      signMediaUrl: (key) => key,
    })
    // an unhandled rejection meanwhile fails this test run (and would end Hearth)
    await expect(jobs.handleTranscribeMessage({ messageId: row.id })).rejects.toBe(databaseAway)
  })
})
