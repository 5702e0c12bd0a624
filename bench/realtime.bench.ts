/**
 * Realtime delivery latency: 200 WebSocket clients (100 people with two tabs each) on one server over loopback. Each
 * round one person reorders their circle through the HTTP API in one tab; we time from sending that request to the
 * event arriving in their other tab (HTTP + transaction + NOTIFY + fan-out). The 2,000 timed rounds follow 2,000
 * untimed ones, as in realtime-floor.bench.ts: they measure an instance that has been running, not V8 compiling its hot
 * code on the machine's cores in the first second after start (decision 191); the first 500 changes after start, what
 * this bench timed before, are reported apart. Then throughput: more and more people change their circle at once, each
 * again as soon as their change arrived, for a few seconds per step; the figure is the most events delivered per second
 * (to both tabs) while the p99 of change-to-other-tab stays within 25 ms. Every one of those events is half of an HTTP
 * request and a PostgreSQL transaction.
 * Last, the worker's steps: another process (realtime-worker.ts) publishes events through `publishRealtime` inside
 * transactions, as a speech stage's job does, at rising rates, for people whose tabs are all on this server; they reach
 * it through NOTIFY only. The figure is the most events delivered per second while the p99 of publish-to-socket stays
 * within 25 ms, beside the server's CPU per delivered event: most of Hearth's events come this way (3 of a message's 4
 * are made by the worker), and this is the figure to set beside the 10,000 a second asked.
 * The clients (200 sockets and the HTTP client) run in a child process (realtime-clients.ts), as browsers run on other
 * machines: in the server's process they shared its one event loop, so every client-side parse and send delayed the
 * server being measured, and the figures counted the clients' work as the server's (decision 106).
 * The server runs in this process, so this process runs with `npm start`'s node flags, as a real instance does: the
 * size of its young generation sets how often a change waits for a collection (decision 182). Started without them, it
 * runs itself again with them. As main.ts does, it also lowers V8's helper threads (decision 192).
 * Run with `npm run bench:realtime`. Prints figures; asserts nothing.
 */
import { fork, spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import inspector from 'node:inspector/promises'
import os from 'node:os'
import { constants as gcKinds, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { insertPerson } from '#server/test/data.ts'
import { signInOverHttp } from '#server/test/sign-in.ts'
import { lowerV8HelperThreads } from '#server/v8-helper-priority.ts'
import type { ClientsCommand, ClientsPhase, ClientsResult, ClientsTask, WorkerEventsResult } from './realtime-clients.ts'
import type { WorkerStep, WorkerStepResult, WorkerTask } from './realtime-worker.ts'
import { buildBenchApp, npmStartArgs, reportFigure, startBenchDatabase } from './support.ts'

const startFlags = (await npmStartArgs()).filter((arg) => arg.startsWith('--'))
if (!startFlags.every((flag) => process.execArgv.includes(flag))) {
  const run = spawnSync(process.execPath, [...process.execArgv, ...startFlags, fileURLToPath(import.meta.url)], { stdio: 'inherit' })
  process.exit(run.status ?? 1)
}

/** A CPU profile of this process from start() to stop(), written to `file`. */
function cpuProfiler(file: string) {
  const session = new inspector.Session()
  session.connect()
  return {
    start: async () => {
      await session.post('Profiler.enable')
      // every 100 µs (the default is 1 ms): a change costs about 1 ms of CPU, so the default sees too few samples
      await session.post('Profiler.setSamplingInterval', { interval: 100 })
      await session.post('Profiler.start')
    },
    stop: async () => {
      const { profile } = await session.post('Profiler.stop')
      await fs.writeFile(file, JSON.stringify(profile))
      console.log(`server CPU profile of the rounds: ${file}`)
    },
  }
}

const PEOPLE = 100
const TABS = 2
/** timed rounds: a p99 of 500 is their 5th slowest, which one stall of the machine can set on its own */
const ROUNDS = 2_000
/** changes before the timed rounds, as many as realtime-floor.bench.ts makes before its own */
const WARM_UP = 2_000
/** the first changes after start, timed apart: as many as the timed rounds were before decision 191 */
const COLD_ROUNDS = 500
/** the worker's steps, in events reaching a socket per second: each transaction is 2 events to 2 tabs each */
const WORKER_STEPS = [1_000, 2_000, 4_000, 6_000, 8_000, 10_000, 12_000, 16_000, 20_000]
const SOCKETS_PER_TRANSACTION = 2 * TABS
const WORKER_STEP_MS = 3000

/**
 * The server's young-generation collections (scavenges) while `counting`: each holds up whatever the event loop was
 * doing, so a change that meets one waits for it.
 */
const scavenges = { counting: false, count: 0, ms: 0 }
new PerformanceObserver((list) => {
  if (!scavenges.counting) return
  for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[]) {
    if (entry.detail?.kind !== gcKinds.NODE_PERFORMANCE_GC_MINOR) continue
    scavenges.count += 1
    scavenges.ms += entry.duration
  }
}).observe({ entryTypes: ['gc'] })

/** The next message from a child process. */
function answer<T>(child: ReturnType<typeof fork>): Promise<T> {
  return new Promise((resolve) => child.once('message', (message) => resolve(message as T)))
}

/** The machine's load average: the figures of a loaded machine are read beside it. */
const load = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`

const database = await startBenchDatabase()
const { app, env } = await buildBenchApp(database, '/tmp/hearth-bench-data')
lowerV8HelperThreads()
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
const port = typeof address === 'object' && address ? address.port : 0
const origin = env.publicUrl
const base = `http://127.0.0.1:${port}`

try {
  // People with one contact each, signed in through the API.
  type Person = { id: string; cookie: string; contactId: string }
  const people: Person[] = []
  for (let i = 0; i < PEOPLE; i++) {
    const inserted = await insertPerson(database.db, { name: `Person ${i}` })
    people.push({ id: inserted.id, cookie: await signInOverHttp(base, inserted, origin), contactId: '' })
  }
  for (let i = 0; i < PEOPLE; i++) {
    const me = people[i] as Person
    const other = people[(i + 1) % PEOPLE] as Person
    const response = await fetch(`${base}/api/contacts/connect`, {
      method: 'POST',
      headers: { origin, cookie: me.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: other.id }),
    })
    me.contactId = ((await response.json()) as { contact: { id: string } }).contact.id
  }

  // The browsers run in a process of their own (see realtime-clients.ts): here they would compete with the server.
  const task: ClientsTask = {
    base,
    origin,
    people: people.map(({ cookie, contactId }) => ({ cookie, contactId })),
    tabs: TABS,
    rounds: ROUNDS,
    warmUp: WARM_UP,
    coldRounds: COLD_ROUNDS,
    stepMs: 3000,
    steps: [1, 2, 4, 8, 16, 32, 64, 100],
  }
  const clients = fork(fileURLToPath(new URL('./realtime-clients.ts', import.meta.url)), {
    execArgv: [],
    stdio: 'inherit',
  })
  // The server's own CPU time per change (the rounds run one change at a time): a figure that other work on the
  // machine disturbs far less than wall-clock latency.
  // BENCH_CPU_PROFILE=file.cpuprofile also writes the server's CPU profile of those rounds (open it in Chrome's DevTools).
  // The same over the throughput steps, divided by the events delivered: what one delivered event costs the server
  // (its HTTP request, statement, NOTIFY and sends), the figure that says what a quiet core could carry.
  let cpuAtStart = process.cpuUsage()
  let stepsCpu = 0
  const profiler = process.env.BENCH_CPU_PROFILE ? cpuProfiler(process.env.BENCH_CPU_PROFILE) : null
  console.log(`before the rounds: ${load()}`)
  const result = await new Promise<ClientsResult>((resolve, reject) => {
    const onMessage = (message: ClientsResult | ClientsPhase) => {
      if (!('phase' in message)) {
        clients.off('message', onMessage)
        return resolve(message)
      }
      if (message.phase === 'rounds' || message.phase === 'steps') {
        cpuAtStart = process.cpuUsage()
        scavenges.counting = message.phase === 'rounds'
        if (message.phase === 'rounds') void profiler?.start()
      } else if (message.phase === 'rounds done') {
        void profiler?.stop()
        const used = process.cpuUsage(cpuAtStart)
        scavenges.counting = false
        console.log(
          `server young-generation collections over the rounds: ${scavenges.count} (${scavenges.ms.toFixed(1)} ms in all; node flags ${process.execArgv.join(' ')})`,
        )
        console.log(
          `server CPU per change: ${((used.user + used.system) / ROUNDS).toFixed(0)} µs (user ${(used.user / ROUNDS).toFixed(0)}, system ${(used.system / ROUNDS).toFixed(0)})`,
        )
      } else {
        const used = process.cpuUsage(cpuAtStart)
        stepsCpu = used.user + used.system
      }
      clients.send('go on')
    }
    clients.on('message', onMessage)
    clients.once('exit', (code) => reject(new Error(`the clients' process ended with code ${code}`)))
    clients.send(task)
  })
  console.log(`after the steps: ${load()}`)
  // `before`: the last figures, from docs/performance.md: the change -> other tab rounds and their throughput from the
  // last quiet run of `npm run bench` (main, 2026-11-26, load average 1.8), the CPU per delivered event from main after
  // decision 172 on the loaded machine (no quiet run measured it). These measure HTTP changes, each reaching two tabs.
  await reportFigure({
    measure: 'realtime change -> other tab, 200 sockets, p50',
    value: result.latency.p50,
    unit: 'ms',
    budget: 2.5,
    before: 1.92,
  })
  await reportFigure({
    measure: 'realtime change -> other tab, 200 sockets, p99',
    value: result.latency.p99,
    unit: 'ms',
    budget: 2.5,
    before: 8.22,
  })
  await reportFigure({
    measure: 'realtime change -> other tab, 200 sockets, p99 of the first 500 changes after start',
    value: result.cold.p99,
    unit: 'ms',
  })
  // `before`: the same count with `npm start`'s young generation before decision 182 (4 MB semi-spaces), counted on
  // the loaded machine (the count hardly depends on the load: it is the bytes a change allocates over the space)
  await reportFigure({
    measure: 'realtime server young-generation collections per 100 changes, rounds',
    value: (scavenges.count * 100) / ROUNDS,
    unit: 'collections',
    before: 2,
  })
  await reportFigure({
    measure: `realtime events delivered per second, the most measured (p99 ${result.most.p99.toFixed(0)} ms)`,
    value: result.most.perSecond,
    unit: 'events/s',
    before: 3023.2,
  })
  await reportFigure({
    measure: 'realtime events delivered per second at p99 <= 25 ms, HTTP changes',
    value: result.best,
    unit: 'events/s',
    budget: 2_000,
    higherIsBetter: true,
    before: 2829.8,
  })
  await reportFigure({
    measure: 'realtime server CPU per delivered event, throughput steps',
    value: stepsCpu / Math.max(1, result.stepsDelivered),
    unit: 'µs',
    before: 339,
  })

  // The worker's events: published by another process through PostgreSQL's NOTIFY, at rising rates, to people whose
  // tabs are all on this instance; no HTTP request is part of them. The figure is the most delivered a second while the
  // p99 of publish-to-socket stays within 25 ms, and what each delivered event cost the server's process.
  const worker = fork(fileURLToPath(new URL('./realtime-worker.ts', import.meta.url)), { execArgv: [], stdio: 'inherit' })
  const pairs: [string, string][] = []
  for (let i = 0; i + 1 < PEOPLE; i += 2) pairs.push([(people[i] as Person).id, (people[i + 1] as Person).id])
  const ready = answer<'ready'>(worker)
  worker.send({ databaseUrl: database.url, pairs, connections: 8 } satisfies WorkerTask)
  await ready
  console.log(`before the worker's steps: ${load()}`)
  // BENCH_CPU_PROFILE=file also writes the server's CPU profile of the worker's steps, to file.worker.cpuprofile
  const workerProfiler = process.env.BENCH_CPU_PROFILE ? cpuProfiler(`${process.env.BENCH_CPU_PROFILE}.worker.cpuprofile`) : null
  await workerProfiler?.start()
  let workerBest = 0
  let workerMost = { perSecond: 0, p99: 0 }
  let workerCpu = 0
  let workerDelivered = 0
  for (const rate of WORKER_STEPS) {
    const measuring = answer<'measuring'>(clients)
    clients.send('measure' satisfies ClientsCommand)
    await measuring
    const cpuBefore = process.cpuUsage()
    const stepDone = answer<WorkerStepResult>(worker)
    worker.send({ transactions: rate / SOCKETS_PER_TRANSACTION, ms: WORKER_STEP_MS } satisfies WorkerStep)
    const step = await stepDone
    // the last events of the step are still on their way: a moment for them (the rate counts the step's time only)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const cpu = process.cpuUsage(cpuBefore)
    const collected = answer<WorkerEventsResult>(clients)
    clients.send('collect' satisfies ClientsCommand)
    const arrived = await collected
    const perSecond = arrived.delivered / step.seconds
    const cpuPerEvent = (cpu.user + cpu.system) / Math.max(1, arrived.delivered)
    console.log(
      `worker at ${rate} events/s asked: ${perSecond.toFixed(0)} delivered/s (${arrived.delivered} of ${step.published * TABS}), publish -> socket p50 ${arrived.p50.toFixed(2)} ms  p99 ${arrived.p99.toFixed(2)} ms  max ${arrived.max.toFixed(2)} ms, server CPU ${cpuPerEvent.toFixed(0)} µs an event, the worker's ${(step.cpuMicros / Math.max(1, step.published / 2)).toFixed(0)} µs a transaction`,
    )
    workerCpu += cpu.user + cpu.system
    workerDelivered += arrived.delivered
    if (perSecond > workerMost.perSecond) workerMost = { perSecond, p99: arrived.p99 }
    if (arrived.p99 <= 25) workerBest = Math.max(workerBest, perSecond)
    // the worker no longer keeps up, or the machine is saturated: a higher rate only adds waiting
    if (arrived.p99 > 100 || perSecond < rate * 0.8) break
  }
  await workerProfiler?.stop()
  console.log(`after the worker's steps: ${load()}`)
  worker.send('close')
  clients.send('close' satisfies ClientsCommand)
  await reportFigure({
    measure: `realtime worker's events delivered per second, the most measured (p99 ${workerMost.p99.toFixed(0)} ms)`,
    value: workerMost.perSecond,
    unit: 'events/s',
  })
  await reportFigure({
    measure: "realtime worker's events delivered per second at p99 publish -> socket <= 25 ms",
    value: workerBest,
    unit: 'events/s',
    budget: 10_000,
    higherIsBetter: true,
  })
  await reportFigure({
    measure: "realtime server CPU per delivered worker's event, worker's steps",
    value: workerCpu / Math.max(1, workerDelivered),
    unit: 'µs',
  })
} finally {
  await app.close()
  await database.stop()
}
