/**
 * `npm run bench:faults`: Hearth's fault suite in its long form (decision 218; faults.int.test.ts runs a small plan
 * in `npm test`). People send voice messages as the web outbox does while every kind of fault is injected several
 * times at random moments; prints the table of what they cost, and reports lost, duplicated and stuck messages and the
 * recovery times as figures (for `npm run bench`). HEARTH_FAULT_SEED replays a run's random choices;
 * HEARTH_FAULTS=kind=count,... runs another plan (the kinds as the table names them).
 * Needs root for the full disk (a tmpfs is mounted) and Linux (/proc).
 */
import { FAULT_KINDS, faultTable, runFaultSuite, type FaultKind, type FaultPlan } from '#server/test/faults/fault-suite.ts'
import { percentile, reportFigure } from './support.ts'

const LONG_PLAN: FaultPlan = {
  'power cut during a send': 3,
  'power cut mid-upload': 3,
  'power cut during a transcription': 2,
  'power cut during a backup': 2,
  'power cut during a first start (migrations)': 2,
  'worker killed mid-job': 3,
  'store away and back': 2,
  'database away and back': 2,
  'disk full and freed': 2,
}

function planFrom(text: string | undefined): FaultPlan {
  if (!text) return LONG_PLAN
  const plan: FaultPlan = {}
  for (const part of text.split(',')) {
    const [kind, count] = part.split('=')
    if (!FAULT_KINDS.includes(kind as FaultKind)) throw new Error(`HEARTH_FAULTS: no fault named "${kind}" (${FAULT_KINDS.join(', ')})`)
    plan[kind as FaultKind] = Number(count ?? 1)
  }
  return plan
}

const report = await runFaultSuite({
  seed: Number(process.env.HEARTH_FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31)),
  plan: planFrom(process.env.HEARTH_FAULTS),
  pairs: 4,
  // the home server and the shared install at once, as the integration test runs them: half the wall time
  parallel: true,
  transcriptBoundMs: 180_000,
  recoveryBoundMs: 60_000,
  log: (line) => console.log(line),
})
console.log(`\n${faultTable(report)}\n`)

const sorted = (values: (number | undefined)[]) => values.filter((v): v is number => v !== undefined).sort((a, b) => a - b)
const restarts = report.recoveries.filter((r) => r.kind.startsWith('power cut') && r.toFirstSendMs !== undefined)
const toFirstSend = sorted(restarts.map((r) => r.toFirstSendMs))
await reportFigure({ measure: 'faults: acknowledged messages lost', value: report.lost, unit: 'messages', budget: 0 })
await reportFigure({ measure: 'faults: messages duplicated', value: report.duplicated, unit: 'messages', budget: 0 })
await reportFigure({ measure: 'faults: transcriptions stuck', value: report.stuck, unit: 'messages', budget: 0 })
if (toFirstSend.length) {
  await reportFigure({ measure: 'faults: power cut to first send, p50', value: percentile(toFirstSend, 50) / 1000, unit: 's' })
  await reportFigure({ measure: 'faults: power cut to first send, max', value: toFirstSend[toFirstSend.length - 1]! / 1000, unit: 's' })
}
process.exitCode = report.lost || report.duplicated || report.stuck ? 1 : 0
