/**
 * Realtime delivery latency (issue: The circle): 200 WebSocket clients (100 people with two tabs each) on
 * one server over loopback. Each round one person reorders their circle through the HTTP API in one tab;
 * we time from sending that request to the event arriving in their other tab (HTTP + transaction +
 * NOTIFY + fan-out). Then throughput (issue 21): more and more people change their circle at once, each again as
 * soon as their change arrived, for a few seconds per step; the figure is the most events delivered per second
 * (to both tabs) while the p99 of change-to-other-tab stays within 25 ms.
 * Run with `npm run bench:realtime`. Prints figures; asserts nothing.
 */
import WebSocket from 'ws'
import { insertPerson } from '#server/test/data.ts'
import { signInOverHttp } from '#server/test/sign-in.ts'
import { buildBenchApp, fmt, percentile, reportFigure, startBenchDatabase } from './support.ts'

const PEOPLE = 100
const TABS = 2
const ROUNDS = 500

const database = await startBenchDatabase()
const { app, env } = await buildBenchApp(database, '/tmp/hearth-bench-data')
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
const port = typeof address === 'object' && address ? address.port : 0
const origin = env.publicUrl
const base = `http://127.0.0.1:${port}`

try {
  // People with one contact each, signed in through the API.
  type Person = { id: string; cookie: string; contactId: string; tabs: WebSocket[]; waiting?: (at: number) => void }
  let delivered = 0
  const people: Person[] = []
  for (let i = 0; i < PEOPLE; i++) {
    const inserted = await insertPerson(database.db, { name: `Person ${i}` })
    people.push({ id: inserted.id, cookie: await signInOverHttp(base, inserted, origin), contactId: '', tabs: [] })
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

  for (const person of people) {
    for (let t = 0; t < TABS; t++) {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { cookie: person.cookie, origin } })
      await new Promise((resolve, reject) => {
        socket.once('open', resolve)
        socket.once('error', reject)
      })
      socket.on('message', (data) => {
        if (!String(data).includes('"reordered"')) return
        delivered += 1
        if (t === 1) person.waiting?.(performance.now())
      })
      person.tabs.push(socket)
    }
  }
  console.log(`${PEOPLE * TABS} clients connected`)

  /** One change by `person` in one tab, timed until it arrives in their other tab. */
  const change = async (person: Person) => {
    const arrived = new Promise<number>((resolve) => {
      person.waiting = resolve
    })
    const started = performance.now()
    await fetch(`${base}/api/contacts/order`, {
      method: 'PUT',
      headers: { origin, cookie: person.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ contact_ids: [person.contactId] }),
    })
    const ms = (await arrived) - started
    person.waiting = undefined
    return ms
  }

  const latencies: number[] = []
  for (let round = 0; round < ROUNDS; round++) latencies.push(await change(people[round % PEOPLE] as Person))
  latencies.sort((a, b) => a - b)
  console.log(
    `change -> other tab (${ROUNDS} rounds): p50 ${fmt(percentile(latencies, 50))}  p99 ${fmt(percentile(latencies, 99))}  max ${fmt(latencies.at(-1) ?? NaN)}`,
  )
  await reportFigure({
    measure: 'realtime change -> other tab, 200 sockets, p50',
    value: percentile(latencies, 50),
    unit: 'ms',
    budget: 2.5,
  })
  await reportFigure({
    measure: 'realtime change -> other tab, 200 sockets, p99',
    value: percentile(latencies, 99),
    unit: 'ms',
    budget: 10,
  })

  // Throughput: `concurrent` people change at once, each again as soon as their change arrived, for STEP_MS.
  const STEP_MS = 3000
  let best = 0
  let most = { perSecond: 0, p99: 0 }
  for (const concurrent of [1, 2, 4, 8, 16, 32, 64, 100]) {
    const stepLatencies: number[] = []
    const before = delivered
    const started = performance.now()
    await Promise.all(
      people.slice(0, concurrent).map(async (person) => {
        while (performance.now() - started < STEP_MS) stepLatencies.push(await change(person))
      }),
    )
    const perSecond = (delivered - before) / ((performance.now() - started) / 1000)
    stepLatencies.sort((a, b) => a - b)
    const p99 = percentile(stepLatencies, 99)
    console.log(
      `${String(concurrent).padStart(3)} at once: ${perSecond.toFixed(0)} events/s delivered, p50 ${fmt(percentile(stepLatencies, 50))}  p99 ${fmt(p99)}`,
    )
    if (perSecond > most.perSecond) most = { perSecond, p99 }
    if (p99 <= 25) best = Math.max(best, perSecond)
    // past 100 ms the machine is saturated: more at once only adds waiting
    if (p99 > 100) break
  }
  await reportFigure({
    measure: `realtime events delivered per second, the most measured (p99 ${most.p99.toFixed(0)} ms)`,
    value: most.perSecond,
    unit: 'events/s',
  })
  await reportFigure({
    measure: 'realtime events delivered per second at p99 <= 25 ms',
    value: best,
    unit: 'events/s',
    budget: 2000,
    higherIsBetter: true,
  })
  for (const person of people) for (const socket of person.tabs) socket.close()
} finally {
  await app.close()
  await database.stop()
}
