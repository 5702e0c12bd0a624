/**
 * Hearth's fault suite (decision 218): people send voice messages as the web outbox sends them while faults are
 * injected at random moments (a seeded RNG: the seed is printed, and the same seed replays the same choices), then
 * counts what the faults cost. After the faults: every acknowledged message must be there exactly once and reach a
 * definite transcription state within a bound; each fault's recovery is timed from the restart (or the return of what
 * went away) to a healthy instance and to the first acknowledged send. The integration test runs a small plan
 * (faults.int.test.ts), `npm run bench:faults` a long one. Imports no test runner.
 */
import { makeAudio } from '#server/test/audio-files.ts'
import { seededRandom } from '#server/test/seeded-random.ts'
import { startConversations, type Conversations, type Pair, type Stage } from './fault-clients.ts'
import { healthyAt, startHomeRig, startSharedRig, type MessageReader, type OutageAnswer } from './fault-rigs.ts'

export const FAULT_KINDS = [
  'power cut during a send',
  'power cut mid-upload',
  'power cut during a transcription',
  'power cut during a backup',
  'power cut during a first start (migrations)',
  'worker killed mid-job',
  'store away and back',
  'database away and back',
  'disk full and freed',
] as const
export type FaultKind = (typeof FAULT_KINDS)[number]
/** how many of each fault a run injects */
export type FaultPlan = Partial<Record<FaultKind, number>>

const HOME_KINDS: FaultKind[] = [
  'power cut during a send',
  'power cut mid-upload',
  'power cut during a transcription',
  'power cut during a backup',
  'disk full and freed',
]
const SHARED_KINDS: FaultKind[] = ['worker killed mid-job', 'store away and back', 'database away and back']

export type Recovery = { kind: FaultKind; toHealthyMs?: number; toFirstSendMs?: number }

export type FaultReport = {
  seed: number
  recoveries: Recovery[]
  acknowledged: number
  /** acknowledged messages not in the database */
  lost: number
  /** messages beyond one per take that reached its send */
  duplicated: number
  /** acknowledged messages still pending or processing when the bound ran out */
  stuck: number
  /** acknowledged messages whose transcription ended failed (a definite state, but told apart) */
  transcriptionFailed: number
  /**
   * sends whose answer was lost and whose retry was told the upload was used although the message arrived: 0 since a
   * send answers a retry with the message its first try made (decision 232)
   */
  answerLost: number
  refused: number
  refusals: string[]
  unfinished: number
  /** instances that exited without being killed (and were started again, as a supervisor would) */
  unplannedExits: number
  /** faults whose trigger never came (injected at the end of the wait instead) */
  untimed: number
  /** what a person was told while the store or the database was away (one request each time) */
  outageAnswers: OutageAnswer[]
  wallSeconds: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Transcriptions that finish none for this long have stopped: a lease (3 s) and pg-boss's retry back-off pass in it. */
const STALL_MS = 45_000

/** How long a fault waits for the moment it aims at before it is injected anyway. */
const TRIGGER_TIMEOUT_MS = 15_000

type Settings = {
  seed: number
  plan: FaultPlan
  /** pairs of people, each taking turns */
  pairs: number
  /**
   * the most the transcriptions may take after the faults; an acknowledged message whose transcription is not over
   * once they stop moving (none finished for 45 s) or this bound ran out is stuck
   */
  transcriptBoundMs: number
  /** how long the last fault's recovery may take to show a first acknowledged send */
  recoveryBoundMs: number
  log: (line: string) => void
}

/** Answers as a client next enters `stage` (true), or after the trigger timeout (false). */
function nextMoment(conversations: Conversations, stage: Stage): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), TRIGGER_TIMEOUT_MS)
    conversations.when(stage, () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

/** Waits until `check` holds (polled every 5 ms); answers whether it did before the trigger timeout. */
async function until(check: () => boolean): Promise<boolean> {
  const deadline = performance.now() + TRIGGER_TIMEOUT_MS
  while (!check()) {
    if (performance.now() > deadline) return false
    await sleep(5)
  }
  return true
}

/** The invariants, once the faults are over: every acknowledged message once, each with a definite transcription. */
async function checkMessages(
  reader: MessageReader,
  conversations: Conversations,
  { boundMs, stallMs }: { boundMs: number; stallMs: number },
  log: (line: string) => void,
): Promise<Pick<FaultReport, 'lost' | 'duplicated' | 'stuck' | 'transcriptionFailed'>> {
  const { tally } = conversations
  const ids = tally.acknowledged.map((a) => a.id)
  // A busy machine transcribes slowly: what counts as stuck is work that stopped moving, not work still under way.
  // Waits while transcriptions keep finishing, until none has finished for `stallMs` (longer than a lease and the
  // retries' back-off), or `boundMs` in all.
  const deadline = performance.now() + boundMs
  const unfinished = (map: Map<string, string>) => [...map.values()].filter((s) => s === 'pending' || s === 'processing').length
  let statuses = await reader.statuses(ids)
  let left = unfinished(statuses)
  let movedAt = performance.now()
  while (left > 0 && performance.now() < deadline && performance.now() - movedAt < stallMs) {
    await sleep(500)
    statuses = await reader.statuses(ids)
    const now = unfinished(statuses)
    if (now < left) movedAt = performance.now()
    left = now
  }
  const counts = await reader.countsBySender([...tally.sendsTried.keys()])
  let duplicated = 0
  for (const [sender, tried] of tally.sendsTried) duplicated += Math.max(0, (counts.get(sender) ?? 0) - tried)
  const states = [...statuses.values()]
  const byState = new Map<string, number>()
  for (const state of states) byState.set(state, (byState.get(state) ?? 0) + 1)
  if (left > 0) log(`  jobs: ${await reader.jobStates()}`)
  log(
    `  checked ${ids.length} acknowledged: ${[...byState].map(([state, n]) => `${n} ${state}`).join(', ')}; ${ids.length - states.length} missing`,
  )
  return {
    lost: ids.filter((id) => !statuses.has(id)).length,
    duplicated,
    stuck: states.filter((s) => s === 'pending' || s === 'processing').length,
    transcriptionFailed: states.filter((s) => s === 'failed').length,
  }
}

type Injector = {
  kind: FaultKind
  /**
   * injects the fault (aimed, if it is, at a moment of the people's `conversations`) and brings the install back;
   * answers the moment recovery began (performance.now()) and whether the moment aimed at came
   */
  inject: (conversations: Conversations) => Promise<{ restartedAt: number; timed: boolean }>
}

/** Runs the conversations on one rig, injects its faults in a seeded random order, drains and checks. */
async function runOnRig(
  rig: { url: string; pairs: Pair[]; reader: MessageReader; unplannedExits: () => number; ensureUp: () => Promise<void> },
  injectors: Injector[],
  settings: Settings,
  random: () => number,
) {
  const conversations = startConversations({
    url: rig.url,
    origin: 'http://localhost:3999',
    pairs: rig.pairs,
    clip: new Uint8Array(await makeAudio({ seconds: 1 })),
    random,
  })
  const recoveries: Recovery[] = []
  let untimed = 0
  // shuffled by the seed
  const order = injectors.map((injector) => ({ injector, key: random() })).sort((a, b) => a.key - b.key)
  for (const { injector } of order) {
    await sleep(500 + random() * 2000)
    settings.log(`injecting: ${injector.kind}`)
    const { restartedAt, timed } = await injector.inject(conversations)
    if (!timed) untimed++
    // the address people use; an instance the supervisor is starting again meanwhile is waited for afterwards
    const healthy = await healthyAt(rig.url)
    const deadline = performance.now() + settings.recoveryBoundMs
    let firstSend = conversations.firstAcknowledgedAfter(restartedAt)
    while (firstSend === undefined && performance.now() < deadline) {
      await sleep(50)
      firstSend = conversations.firstAcknowledgedAfter(restartedAt)
    }
    const recovery = {
      kind: injector.kind,
      toHealthyMs: healthy && Math.max(0, healthy - restartedAt),
      toFirstSendMs: firstSend && firstSend - restartedAt,
    }
    settings.log(
      `  recovered: healthy after ${recovery.toHealthyMs?.toFixed(0) ?? 'never'} ms, first send after ${recovery.toFirstSendMs?.toFixed(0) ?? 'never'} ms`,
    )
    recoveries.push(recovery)
    await rig.ensureUp()
  }
  // a last stretch without faults, then the takes under way finish
  await sleep(1000)
  await conversations.stop(settings.recoveryBoundMs)
  await rig.ensureUp()
  const checked = await checkMessages(rig.reader, conversations, { boundMs: settings.transcriptBoundMs, stallMs: STALL_MS }, settings.log)
  const { tally } = conversations
  return {
    recoveries,
    untimed,
    acknowledged: tally.acknowledged.length,
    answerLost: tally.answerLost,
    refused: tally.refused,
    refusals: tally.refusals,
    unfinished: tally.unfinished,
    unplannedExits: rig.unplannedExits(),
    ...checked,
  }
}

const times = (plan: FaultPlan, kind: FaultKind) => Array.from({ length: plan[kind] ?? 0 }, () => kind)

/** Runs the plan: the home server's faults on one rig, the shared install's on another, one after the other. */
export async function runFaultSuite(outer: Settings & { parallel?: boolean }): Promise<FaultReport> {
  const started = performance.now()
  const settings = { ...outer, log: (line: string) => outer.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${line}`) }
  const { plan, log } = settings
  log(`fault suite: seed ${settings.seed} (HEARTH_FAULT_SEED=${settings.seed} replays its choices)`)
  const migrationCuts = plan['power cut during a first start (migrations)'] ?? 0
  // the cuts of a first start are made as the rig starts: their recovery is the start that follows, not timed apart
  const extraRecoveries: Recovery[] = []

  // each rig draws from its own stream of the seed, so a replay makes the same choices even when both run at once
  const home = async () => {
    if (!HOME_KINDS.some((kind) => plan[kind]) && !migrationCuts) return []
    const random = seededRandom(settings.seed)
    const disk = Boolean(plan['disk full and freed'])
    const rig = await startHomeRig({ pairs: settings.pairs, random, startCuts: migrationCuts, tmpfsMb: disk ? 256 : undefined, log })
    for (let i = 0; i < rig.migrationCuts; i++) extraRecoveries.push({ kind: 'power cut during a first start (migrations)' })
    try {
      // the cut lands within `spreadMs` of the moment: a send's request is in the server, an upload's body half read
      const cutAt = (stage: Stage, spreadMs: number) => async (conversations: Conversations) => {
        const timed = await nextMoment(conversations, stage)
        await sleep(random() * spreadMs)
        return { restartedAt: await rig.powerCut(), timed }
      }
      const injectors: Injector[] = [
        ...times(plan, 'power cut during a send').map((kind) => ({ kind, inject: cutAt('send', 20) })),
        ...times(plan, 'power cut mid-upload').map((kind) => ({ kind, inject: cutAt('upload-body', 80) })),
        ...times(plan, 'power cut during a transcription').map((kind) => ({
          kind,
          inject: async () => {
            const timed = await until(() => rig.transcribing().length > 0)
            return { restartedAt: await rig.powerCut(), timed }
          },
        })),
        ...times(plan, 'power cut during a backup').map((kind) => ({
          kind,
          inject: async () => ({ restartedAt: await rig.powerCutDuringBackup(), timed: true }),
        })),
        ...times(plan, 'disk full and freed').map((kind) => ({
          kind,
          inject: async () => ({ restartedAt: await rig.fillDisk(2000 + random() * 3000), timed: true }),
        })),
      ]
      return [await runOnRig(rig, injectors, settings, random)]
    } finally {
      await rig.close()
    }
  }

  let outageAnswers: OutageAnswer[] = []
  const shared = async () => {
    if (!SHARED_KINDS.some((kind) => plan[kind])) return []
    const random = seededRandom(settings.seed + 1)
    const rig = await startSharedRig({ pairs: settings.pairs, log })
    outageAnswers = rig.outageAnswers
    try {
      const injectors: Injector[] = [
        ...times(plan, 'worker killed mid-job').map((kind) => ({
          kind,
          inject: async () => {
            const timed = await until(() => rig.transcribing().includes(rig.workerName()))
            return { restartedAt: await rig.killWorker(), timed }
          },
        })),
        ...times(plan, 'store away and back').map((kind) => ({
          kind,
          inject: async () => ({ restartedAt: await rig.storeOutage(1000 + random() * 2000), timed: true }),
        })),
        ...times(plan, 'database away and back').map((kind) => ({
          kind,
          inject: async () => ({ restartedAt: await rig.databaseRestart(1000 + random() * 2000), timed: true }),
        })),
      ]
      return [await runOnRig(rig, injectors, settings, random)]
    } finally {
      await rig.close()
    }
  }

  const parts = outer.parallel ? (await Promise.all([home(), shared()])).flat() : [...(await home()), ...(await shared())]
  const sum = (pick: (part: (typeof parts)[number]) => number) => parts.reduce((total, part) => total + pick(part), 0)
  return {
    seed: settings.seed,
    recoveries: [...extraRecoveries, ...parts.flatMap((part) => part.recoveries)],
    acknowledged: sum((p) => p.acknowledged),
    lost: sum((p) => p.lost),
    duplicated: sum((p) => p.duplicated),
    stuck: sum((p) => p.stuck),
    transcriptionFailed: sum((p) => p.transcriptionFailed),
    answerLost: sum((p) => p.answerLost),
    refused: sum((p) => p.refused),
    refusals: parts.flatMap((p) => p.refusals),
    unfinished: sum((p) => p.unfinished),
    unplannedExits: sum((p) => p.unplannedExits),
    untimed: sum((p) => p.untimed),
    outageAnswers,
    wallSeconds: (performance.now() - started) / 1000,
  }
}

const p50 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(sorted.length / 2) - 1)]
}
const seconds = (ms: number | undefined) => (ms === undefined ? 'never' : `${(ms / 1000).toFixed(1)} s`)

/** The report as a table: faults by kind with their recovery times (p50 / max), then what the people's messages cost. */
export function faultTable(report: FaultReport): string {
  const rows = [['fault', 'injected', 'to healthy p50 / max', 'to first send p50 / max']]
  for (const kind of FAULT_KINDS) {
    const of = report.recoveries.filter((r) => r.kind === kind)
    if (of.length === 0) continue
    const figure = (pick: (r: Recovery) => number | undefined) => {
      const values = of.map(pick)
      if (values.every((v) => v === undefined)) return '-'
      const known = values.filter((v): v is number => v !== undefined)
      const max = known.length < values.length ? undefined : Math.max(...known)
      return `${seconds(p50(known))} / ${seconds(max)}`
    }
    rows.push([kind, String(of.length), figure((r) => r.toHealthyMs), figure((r) => r.toFirstSendMs)])
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`
  const totals = [
    ['messages acknowledged', report.acknowledged],
    ['lost', report.lost],
    ['duplicated', report.duplicated],
    ['jobs stuck', report.stuck],
    ['transcriptions failed', report.transcriptionFailed],
    ['sends whose answer was lost (message there, outbox told 404 on retry)', report.answerLost],
    ['sends refused (4xx)', report.refused],
    ['takes unfinished at the end', report.unfinished],
    ['instances that exited by themselves (started again)', report.unplannedExits],
    ['faults whose moment never came (injected anyway)', report.untimed],
  ] as const
  return [
    `fault suite, seed ${report.seed}, ${report.wallSeconds.toFixed(0)} s`,
    line(rows[0]!),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.slice(1).map(line),
    '',
    ...totals.map(([what, value]) => `${what}: ${value}`),
    ...(report.refusals.length ? [`first refusals: ${report.refusals.join('; ')}`] : []),
    ...report.outageAnswers.map(
      (answer) => `while the ${answer.part} was away, a person was answered ${answer.status} ${answer.code ?? ''}`,
    ),
  ].join('\n')
}
