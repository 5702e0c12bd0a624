/**
 * Realtime delivery latency (issue: The circle): 200 WebSocket clients (100 people with two tabs each) on
 * one server over loopback. Each round one person reorders their circle through the HTTP API in one tab;
 * we time from sending that request to the event arriving in their other tab (HTTP + transaction +
 * NOTIFY + fan-out). Then throughput: more and more people change their circle at once, each again as
 * soon as their change arrived, for a few seconds per step; the figure is the most events delivered per second
 * (to both tabs) while the p99 of change-to-other-tab stays within 25 ms.
 * The clients (200 sockets and the HTTP client) run in a child process (realtime-clients.ts), as browsers run on other
 * machines: in the server's process they shared its one event loop, so every client-side parse and send delayed the
 * server being measured, and the figures counted the clients' work as the server's (decision 106).
 * Run with `npm run bench:realtime`. Prints figures; asserts nothing.
 */
import { fork } from 'node:child_process'
import fs from 'node:fs/promises'
import inspector from 'node:inspector/promises'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { insertPerson } from '#server/test/data.ts'
import { signInOverHttp } from '#server/test/sign-in.ts'
import type { ClientsPhase, ClientsResult, ClientsTask } from './realtime-clients.ts'
import { buildBenchApp, reportFigure, startBenchDatabase } from './support.ts'

/** A CPU profile of this process from start() to stop(), written to `file`. */
function roundsProfiler(file: string) {
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
const ROUNDS = 500

/** The machine's load average: the figures of a loaded machine are read beside it. */
const load = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`

const database = await startBenchDatabase()
const { app, env } = await buildBenchApp(database, '/tmp/hearth-bench-data')
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
  const profiler = process.env.BENCH_CPU_PROFILE ? roundsProfiler(process.env.BENCH_CPU_PROFILE) : null
  console.log(`before the rounds: ${load()}`)
  const result = await new Promise<ClientsResult>((resolve, reject) => {
    clients.on('message', (message: ClientsResult | ClientsPhase) => {
      if (!('phase' in message)) return resolve(message)
      if (message.phase === 'rounds' || message.phase === 'steps') {
        cpuAtStart = process.cpuUsage()
        if (message.phase === 'rounds') void profiler?.start()
      } else if (message.phase === 'rounds done') {
        void profiler?.stop()
        const used = process.cpuUsage(cpuAtStart)
        console.log(
          `server CPU per change: ${((used.user + used.system) / ROUNDS).toFixed(0)} µs (user ${(used.user / ROUNDS).toFixed(0)}, system ${(used.system / ROUNDS).toFixed(0)})`,
        )
      } else {
        const used = process.cpuUsage(cpuAtStart)
        stepsCpu = used.user + used.system
      }
      clients.send('go on')
    })
    clients.once('exit', (code) => reject(new Error(`the clients' process ended with code ${code}`)))
    clients.send(task)
  })
  console.log(`after the steps: ${load()}`)
  await reportFigure({ measure: 'realtime change -> other tab, 200 sockets, p50', value: result.latency.p50, unit: 'ms', budget: 2.5 })
  // `before`: main before decision 172, measured with this bench back to back with the branch on 2026-11-26 on this
  // two-core machine while five other sessions loaded it (load average 9.6 to 11 during that run)
  await reportFigure({
    measure: 'realtime change -> other tab, 200 sockets, p99',
    value: result.latency.p99,
    unit: 'ms',
    budget: 2.5,
    before: 49.67,
  })
  await reportFigure({
    measure: `realtime events delivered per second, the most measured (p99 ${result.most.p99.toFixed(0)} ms)`,
    value: result.most.perSecond,
    unit: 'events/s',
  })
  await reportFigure({
    measure: 'realtime events delivered per second at p99 <= 25 ms',
    value: result.best,
    unit: 'events/s',
    budget: 10_000,
    higherIsBetter: true,
    before: 0,
  })
  await reportFigure({
    measure: 'realtime server CPU per delivered event, throughput steps',
    value: stepsCpu / Math.max(1, result.stepsDelivered),
    unit: 'µs',
    before: 420.5,
  })
} finally {
  await app.close()
  await database.stop()
}
