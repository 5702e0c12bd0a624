import { describe, expect, it } from 'vitest'
import { faultTable, runFaultSuite } from '#server/test/faults/fault-suite.ts'

/**
 * Hearth's fault suite at the size CI affords (decision 218; `npm run bench:faults` runs the long form): a power cut
 * of a home server in the middle of its first start's initdb, two while people send (one during a send, one
 * mid-upload), a worker killed mid-transcription, the S3 store and the database each going away and coming back.
 * HEARTH_FAULT_SEED replays a run's random choices.
 */
const seed = Number(process.env.HEARTH_FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31))

describe('faults while people send', () => {
  it('lose no acknowledged message, duplicate none, and leave no transcription stuck', async () => {
    const report = await runFaultSuite({
      seed,
      plan: {
        // cut in the middle of initdb: the next start must make the cluster again, not take the half-made one
        'power cut during a first start (migrations)': 1,
        'power cut during a send': 1,
        'power cut mid-upload': 1,
        'worker killed mid-job': 1,
        'store away and back': 1,
        'database away and back': 1,
      },
      pairs: 1,
      // the two installs at once: the suite's wall time is the longer of the two, not their sum
      parallel: true,
      transcriptBoundMs: 120_000,
      recoveryBoundMs: 30_000,
      log: (line) => console.log(line),
    })
    console.log(faultTable(report))
    expect(report.acknowledged).toBeGreaterThan(0)
    expect({ lost: report.lost, duplicated: report.duplicated, stuck: report.stuck, answerLost: report.answerLost }).toEqual({
      lost: 0,
      duplicated: 0,
      stuck: 0,
      answerLost: 0,
    })
    // while a part was away, the person was told so at once (decisions 216, 217), never a 500 or no answer
    // (the faults come in a seeded random order)
    expect(report.outageAnswers.toSorted((a, b) => a.part.localeCompare(b.part))).toEqual([
      { part: 'database', status: 503, code: 'DATABASE_UNAVAILABLE' },
      { part: 'store', status: 503, code: 'STORAGE_UNAVAILABLE' },
    ])
  }, 240_000)
})
