/**
 * How many people one instance holds: each person keeps a live socket open and sends a voice message a
 * minute (upload + send), and the receiver, told live, loads the conversation page, as the app does. The number of
 * people steps up until the p95 of those API requests passes 100 ms; then the same with two instances on one
 * PostgreSQL, each person on one of them. Instances are `main.ts` processes on an embedded PostgreSQL, on loopback,
 * with speech off (transcription is CPU work measured by bench:speech) and rate limits off. The clients run in this
 * process on the same two cores. Run with `npm run bench:load` (LOAD_WINDOW_SECONDS, LOAD_MAX_PEOPLE to shorten it).
 * Prints figures; asserts nothing.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import WebSocket from 'ws'
import { realtimeEventSchema } from '#shared/realtime.ts'
import { makeAudio } from '#server/test/audio-files.ts'
import { insertConnectedPair, insertPerson, type InsertedPerson } from '#server/test/data.ts'
import { ERROR_CODES } from '#shared/api-error.ts'
import { startHearthProcess, type HearthProcess } from '#server/test/hearth-process.ts'
import { signInOverHttp } from '#server/test/sign-in.ts'
import { fmt, percentile, reportFigure, startBenchDatabase } from './support.ts'

const ORIGIN = 'http://localhost:3999'
const BUDGET_MS = 100
const STEPS = [10, 25, 50, 100, 200, 400, 800, 1600].filter((n) => n <= Number(process.env.LOAD_MAX_PEOPLE ?? 1600))
/** each step measures this long; a person sends once a minute at a random moment, so N people send N/60 a second */
const WINDOW_MS = Number(process.env.LOAD_WINDOW_SECONDS ?? 30) * 1000
const SEND_EVERY_MS = 60_000

type Person = InsertedPerson & { cookie: string; toPartner: string; fromPartner: string; partner?: Person }

const database = await startBenchDatabase()
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-bench-load-'))
const secrets = JSON.stringify({ authSecret: 'b'.repeat(40), urlSigningKey: 'u'.repeat(40), postgresPassword: 'p'.repeat(16) })
const instances: HearthProcess[] = []
/** a typical voice message's length (LOAD_CLIP_SECONDS); every upload is transcoded to AAC on the instance (decision 70) */
const CLIP_SECONDS = Number(process.env.LOAD_CLIP_SECONDS ?? 20)
const clip = new Uint8Array(await makeAudio({ seconds: CLIP_SECONDS }))

async function startInstance() {
  const dataDir = path.join(work, `instance-${instances.length + 1}`)
  await fs.mkdir(dataDir, { recursive: true })
  await fs.writeFile(path.join(dataDir, 'secrets.json'), secrets, { mode: 0o600 })
  instances.push(
    await startHearthProcess({
      DATA_DIR: dataDir,
      PUBLIC_URL: ORIGIN,
      DATABASE_URL: database.url,
      NODE_ENV: 'production',
      TRANSCRIBE_ENGINE: 'none',
      RATE_LIMIT_ENABLED: 'false',
      SOCKETS_PER_PERSON: '1000',
    }),
  )
}

const people: Person[] = []
/** pairs of people in each other's circles, signed in once */
async function ensurePeople(count: number) {
  const base = instances[0]?.url ?? ''
  while (people.length < count) {
    const [a, b] = [await insertPerson(database.db), await insertPerson(database.db)]
    const { aToB, bToA } = await insertConnectedPair(database.db, a, b, { mutual: true })
    const [cookieA, cookieB] = await Promise.all([signInOverHttp(base, a, ORIGIN), signInOverHttp(base, b, ORIGIN)])
    const pa: Person = { ...a, cookie: cookieA, toPartner: aToB, fromPartner: bToA }
    const pb: Person = { ...b, cookie: cookieB, toPartner: bToA, fromPartner: aToB, partner: pa }
    pa.partner = pb
    people.push(pa, pb)
  }
}

/** one timed API request; answers its body */
async function timed(latencies: number[], measuring: () => boolean, url: string, init: RequestInit = {}) {
  const started = performance.now()
  const response = await fetch(url, init)
  const body = await response.text()
  if (measuring()) latencies.push(performance.now() - started)
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${body}`)
  return body
}

type StepResult = {
  people: number
  requests: number
  p50: number
  p95: number
  uploadP50: number
  uploadP95: number
  sends: number
  failures: number
  /** sends the server refused by the rule of 3 unanswered messages: answered, and no failure of the server's */
  limited: number
}

async function runStep(count: number, on: HearthProcess[]): Promise<StepResult> {
  await ensurePeople(count)
  const active = people.slice(0, count)
  const latencies: number[] = []
  /** uploads apart: each is transcoded while it is answered, seconds of CPU that no budget of 100 ms can hold */
  const uploads: number[] = []
  let measuring = true
  let sends = 0
  let failures = 0
  let limited = 0
  // the simulated people send at random: now and then one sends a third time before their partner answered
  const fail = (error: unknown) => void (String(error).includes(ERROR_CODES.messageLimit) ? limited++ : failures++)
  const urlOf = (index: number) => (on[index % on.length] as HearthProcess).url

  const sockets = await Promise.all(
    active.map(async (person, index) => {
      const url = urlOf(index)
      const socket = new WebSocket(`${url.replace('http', 'ws')}/api/realtime`, { headers: { cookie: person.cookie, origin: ORIGIN } })
      socket.on('message', (data) => {
        const event = realtimeEventSchema.parse(JSON.parse(String(data)))
        // the receiver's app loads the conversation page on a new message
        if (event.type === 'message.created' && event.contact_id === person.toPartner) {
          timed(latencies, () => measuring, `${url}/api/contacts/${person.toPartner}/messages`, {
            headers: { cookie: person.cookie },
          }).catch(fail)
        }
      })
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
      return socket
    }),
  )

  const send = async (person: Person, url: string) => {
    const headers = { origin: ORIGIN, cookie: person.cookie }
    const upload = await timed(uploads, () => measuring, `${url}/api/audio`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'audio/webm' },
      body: clip,
    })
    const { upload_id } = JSON.parse(upload) as { upload_id: string }
    await timed(latencies, () => measuring, `${url}/api/messages`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ contact_id: person.toPartner, upload_id }),
    })
    sends++
  }
  const timers = active.map((person, index) => {
    const first = Math.random() * SEND_EVERY_MS
    return first < WINDOW_MS ? setTimeout(() => send(person, urlOf(index)).catch(fail), first) : undefined
  })
  await new Promise((resolve) => setTimeout(resolve, WINDOW_MS))
  for (const timer of timers) clearTimeout(timer)
  // requests still running at the end of the window count too
  await new Promise((resolve) => setTimeout(resolve, 3000))
  measuring = false
  for (const socket of sockets) socket.close()
  const sorted = latencies.sort((x, y) => x - y)
  const sortedUploads = uploads.sort((x, y) => x - y)
  return {
    people: count,
    requests: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    uploadP50: percentile(sortedUploads, 50),
    uploadP95: percentile(sortedUploads, 95),
    sends,
    failures,
    limited,
  }
}

/**
 * Waits until every instance answers /api/health at idle speed again, five times in a row (two minutes at most): the
 * last step of a phase overloads the instance on purpose, and its uploads go on being transcoded after the step; the
 * next phase would otherwise measure that backlog.
 */
async function settle(on: HearthProcess[]) {
  const deadline = performance.now() + 120_000
  let quick = 0
  while (quick < 5 && performance.now() < deadline) {
    const started = performance.now()
    await Promise.all(on.map((instance) => fetch(`${instance.url}/api/health`).then((response) => response.arrayBuffer())))
    quick = performance.now() - started < 20 ? quick + 1 : 0
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** steps the number of people up until p95 passes the budget; answers the most people held within it and the first step */
async function stepUp(label: string, on: HearthProcess[]) {
  let held = 0
  let first: StepResult | undefined
  for (const count of STEPS) {
    const result = await runStep(count, on)
    first ??= result
    console.log(
      `${label}: ${result.people} people, ${result.sends} messages in ${WINDOW_MS / 1000} s: ` +
        `API (send, conversation page) p50 ${fmt(result.p50)}, p95 ${fmt(result.p95)} over ${result.requests} requests; ` +
        `uploads of ${CLIP_SECONDS} s p50 ${fmt(result.uploadP50)}, p95 ${fmt(result.uploadP95)}` +
        (result.failures ? `; ${result.failures} failed` : '') +
        (result.limited ? `; ${result.limited} refused by the rule of 3 unanswered` : ''),
    )
    if (result.p95 > BUDGET_MS || result.failures > 0) break
    held = count
  }
  return { held, first: first as StepResult }
}

try {
  // the figures depend on what else the two cores do: say it with them
  console.log(
    `load average before: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')} on ${os.cpus().length} cores`,
  )
  await startInstance()
  const one = await stepUp('one instance', instances)
  await settle(instances)
  await startInstance()
  const two = await stepUp('two instances', instances)
  console.log(
    `load average after: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}`,
  )
  await reportFigure({
    measure: 'people one instance holds (a message a minute each, live socket, p95 API <= 100 ms)',
    value: one.held,
    unit: 'people',
    higherIsBetter: true,
  })
  await reportFigure({
    measure: 'people two instances on one PostgreSQL hold (same load)',
    value: two.held,
    unit: 'people',
    higherIsBetter: true,
  })
  await reportFigure({
    measure: `p95 API latency with ${one.first.people} people on one instance`,
    value: one.first.p95,
    unit: 'ms',
    budget: BUDGET_MS,
  })
  await reportFigure({
    measure: `p95 API latency with ${two.first.people} people on two instances`,
    value: two.first.p95,
    unit: 'ms',
    budget: BUDGET_MS,
  })
} finally {
  for (const instance of instances) instance.kill('SIGTERM')
  await Promise.all(instances.map((instance) => instance.exited))
  await database.stop()
  await fs.rm(work, { recursive: true, force: true })
}
