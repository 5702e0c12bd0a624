/**
 * The worker of `realtime.bench.ts`, in a process of its own (it forks this file), as Hearth's job worker runs beside
 * the web instances: it publishes events through the real publisher (`publishRealtime` inside transactions) on its own
 * connection pool, so they reach the measured instance only through PostgreSQL's NOTIFY, as a transcription's and an
 * analysis's events do. Each transaction is what one speech stage's job publishes (`announceSpeechState`): one
 * `message.updated` to the sender and one to the receiver, each carrying the message's speech state.
 * The worker's database is registered for local delivery as a worker instance's is by its realtime hub.
 * Each event's message id carries the moment it was published (`process.hrtime`, one clock for every process on the
 * machine), so the clients time publish-to-socket without a second channel.
 */
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import type { RealtimeEvent } from '#shared/realtime.ts'
import { connectDatabase } from '#server/db/client.ts'
import { deliverLocally, publishRealtime } from '#server/realtime/realtime.publisher.ts'

export type WorkerTask = { databaseUrl: string; pairs: [string, string][]; connections: number }
/** One step: `transactions` a second for `ms`. */
export type WorkerStep = { transactions: number; ms: number }
/** `published`: events (each to one person's tabs); `cpuMicros`: the worker's own CPU over the step */
export type WorkerStepResult = { published: number; seconds: number; cpuMicros: number }

/** How a bench event's message id begins; the clients read the publication time after it. */
export const PUBLISHED_AT_PREFIX = 'bench-'

/** A transcript of a 20 s message, about what a speech stage's event carries. */
const TRANSCRIPT =
  'Hi, it is me again. I just wanted to say that the garden looks lovely this week and the tomatoes are finally red. ' +
  'Call me on Sunday if you have a moment, and bring the book you promised.'

function speechEvent(contactId: string): RealtimeEvent {
  return {
    type: 'message.updated',
    message_id: `${PUBLISHED_AT_PREFIX}${process.hrtime.bigint() / 1000n}`,
    contact_id: contactId,
    changes: {
      transcription: TRANSCRIPT,
      transcript_confidence: 0.92,
      processing_status: 'completed',
      topics: ['garden', 'family'],
    },
    health: true,
  }
}

async function runWorker(task: WorkerTask) {
  const database = connectDatabase(task.databaseUrl, { max: task.connections })
  // as in a worker instance, whose realtime hub registers itself (with no socket to deliver to): its transactions
  // send their events together at their end, tagged with its id
  deliverLocally(database.db, { instanceId: randomUUID(), deliver: () => undefined })
  let next = 0
  const publishOne = async () => {
    const [sender, receiver] = task.pairs[next++ % task.pairs.length] as [string, string]
    await database.db.transaction(async (tx) => {
      await publishRealtime(tx, [sender], speechEvent(receiver))
      await publishRealtime(tx, [receiver], speechEvent(sender))
    })
  }

  /** Paced: every millisecond, as many transactions begin as are due; the pool runs `connections` at once, and as many wait. */
  const step = async ({ transactions, ms }: WorkerStep): Promise<WorkerStepResult> => {
    const started = performance.now()
    const cpuBefore = process.cpuUsage()
    let begun = 0
    const running = new Set<Promise<void>>()
    while (performance.now() - started < ms) {
      const due = Math.floor(((performance.now() - started) / 1000) * transactions)
      while (begun < due && running.size < task.connections * 2) {
        begun++
        const one: Promise<void> = publishOne().finally(() => running.delete(one))
        running.add(one)
      }
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
    await Promise.all(running)
    const cpu = process.cpuUsage(cpuBefore)
    return { published: begun * 2, seconds: (performance.now() - started) / 1000, cpuMicros: cpu.user + cpu.system }
  }

  process.on('message', (message: WorkerStep | 'close') => {
    if (message === 'close') {
      void database.close().then(() => process.exit(0))
      return
    }
    step(message).then(
      (result) => process.send?.(result),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  })
  process.send?.('ready')
}

// the clients import this module for its prefix: only the forked process works
if (process.argv[1] === fileURLToPath(import.meta.url)) process.once('message', (task: WorkerTask) => void runWorker(task))
