/**
 * Realtime delivery latency (issue: The circle): 200 WebSocket clients (100 people with two tabs each) on
 * one server over loopback. Each round one person reorders their circle through the HTTP API in one tab;
 * we time from sending that request to the event arriving in their other tab (HTTP + transaction +
 * NOTIFY + fan-out). Run with `npm run bench:realtime`. Prints figures; asserts nothing.
 */
import WebSocket from 'ws'
import { insertPerson } from '#server/test/data.ts'
import { signInOverHttp } from '#server/test/sign-in.ts'
import { buildBenchApp, fmt, percentile, startBenchDatabase } from './support.ts'

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
      if (t === 1) {
        socket.on('message', (data) => {
          if (String(data).includes('"reordered"')) person.waiting?.(performance.now())
        })
      }
      person.tabs.push(socket)
    }
  }
  console.log(`${PEOPLE * TABS} clients connected`)

  const latencies: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const person = people[round % PEOPLE] as Person
    const arrived = new Promise<number>((resolve) => {
      person.waiting = resolve
    })
    const started = performance.now()
    await fetch(`${base}/api/contacts/order`, {
      method: 'PUT',
      headers: { origin, cookie: person.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ contact_ids: [person.contactId] }),
    })
    latencies.push((await arrived) - started)
    person.waiting = undefined
  }
  latencies.sort((a, b) => a - b)
  console.log(
    `change -> other tab (${ROUNDS} rounds): p50 ${fmt(percentile(latencies, 50))}  p99 ${fmt(percentile(latencies, 99))}  max ${fmt(latencies.at(-1) ?? NaN)}`,
  )
  for (const person of people) for (const socket of person.tabs) socket.close()
} finally {
  await app.close()
  await database.stop()
}
