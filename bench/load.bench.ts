/**
 * How many people one machine holds (decision 173): each person keeps a live socket open and sends a 20 s voice
 * message a minute (upload + send), and the receiver, told live, loads the conversation page, as the app does. The
 * number of people steps up until two steps in a row see the p95 of those JSON API requests pass 100 ms or a request
 * fail; the figure is the most people a step held.
 *
 * Two shapes of the same machine, in one run, so the figures stand side by side:
 * - `web + worker`: a `HEARTH_ROLE=web` instance answers the people while a `HEARTH_ROLE=worker` instance, at a lower
 *   CPU priority (LOAD_WORKER_NICE, 10), makes the uploads playable and transcribes them (real speech: Debian's
 *   pocketsphinx, as bench:roles). The figure is the web's; the worker's backlog is printed with every step (messages
 *   still waiting at its end, and what it got through in audio seconds a second). The worker is stopped and started
 *   again, as a deploy does, while the people send (during the warm-up: a start's CPU is not the figure), and the
 *   messages sent meanwhile must get their transcript once it is back.
 * - `all`: one `HEARTH_ROLE=all` instance, what `npm start` runs, doing both on the same cores.
 *
 * Instances are `main.ts` processes on one embedded PostgreSQL and one data folder, on loopback, rate limits off. The
 * people run in a child process (load-clients.ts); they are written to the database with their sessions, not signed in
 * one by one. Each shape is warmed by its first step run once unmeasured: a live instance has compiled its code and
 * opened its pool. Run with `npm run bench:load` (LOAD_WINDOW_SECONDS, LOAD_FEW_SECONDS, LOAD_MAX_PEOPLE, LOAD_STEPS to
 * shorten it).
 * Prints figures; asserts nothing.
 */
import { fork } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { hashPassword } from 'better-auth/crypto'
import { and, gte, inArray, sql } from 'drizzle-orm'
import type { AudioUpload, Message } from '#shared/messages.ts'
import { audioMessages } from '#server/db/schema.ts'
import { pocketsphinxAvailable } from '#server/speech/engines/pocketsphinx.ts'
import { makeAudio } from '#server/test/audio-files.ts'
import { insertConnectedPair, insertPerson } from '#server/test/data.ts'
import { startHearthProcess, type HearthProcess } from '#server/test/hearth-process.ts'
import { insertSessionCookie, signInOverHttp } from '#server/test/sign-in.ts'
import { speechFixtureOrSpoken } from '#server/test/speech-fixtures.ts'
import type { LoadPerson, LoadStepResult, LoadTask } from './load-clients.ts'
import { fmt, percentile, reportFigure, startBenchDatabase } from './support.ts'

const ORIGIN = 'http://localhost:3999'
const BUDGET_MS = 100
/** LOAD_STEPS=1000,2000 measures only those steps (even numbers: people come in pairs) */
const STEPS = (process.env.LOAD_STEPS?.split(',').map(Number) ?? [10, 50, 100, 250, 500, 1000, 1500, 2000, 3000]).filter(
  (n) => n <= Number(process.env.LOAD_MAX_PEOPLE ?? 3000),
)
/** each step measures this long; a person sends once a minute at a random moment, so N people send N/60 a second */
const WINDOW_MS = Number(process.env.LOAD_WINDOW_SECONDS ?? 30) * 1000
/**
 * A step of fewer people measures longer, so that its p95 rests on about 60 requests (each send makes about three: the
 * send and the two pages it brings) rather than on its slowest one of a dozen: 120 s for 10 people (LOAD_FEW_SECONDS).
 */
const windowFor = (people: number) =>
  Math.max(WINDOW_MS, Math.min(Number(process.env.LOAD_FEW_SECONDS ?? 120) * 1000, ((60 / 3) * SEND_EVERY_MS) / people))
const SEND_EVERY_MS = 60_000
const WORKER_NICE = Number(process.env.LOAD_WORKER_NICE ?? 10)
/** a typical voice message's length (LOAD_CLIP_SECONDS) */
const CLIP_SECONDS = Number(process.env.LOAD_CLIP_SECONDS ?? 20)
/** sent by the bench itself while the worker is away, one per sender (the rule of 3 unanswered never refuses one) */
const DURING_RESTART = 3
/** measured before decision 173 on this two-core machine (2026-11-26, 01:56 UTC run of `npm run bench`, load 1.8-4.4) */
const BEFORE = { held: 100, p95At10: 35.9 }

/** the messages sent during the worker's restart are spoken, so that a transcript shows they were transcribed */
const spoken =
  speechFixtureOrSpoken('coffee-sunday.webm', "Hey! I really miss you. Let's grab coffee on Sunday and talk about your new job.") ?? ''
if (!spoken || !(await pocketsphinxAvailable())) {
  console.error('bench:load needs pocketsphinx (apt-get install pocketsphinx pocketsphinx-en-us) and the speech clip or espeak-ng')
  process.exit(1)
}

const database = await startBenchDatabase()
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-bench-load-'))
const authSecret = 'b'.repeat(40)
await fs.writeFile(
  path.join(work, 'secrets.json'),
  JSON.stringify({ authSecret, urlSigningKey: 'u'.repeat(40), postgresPassword: 'p'.repeat(16) }),
  { mode: 0o600 },
)
const clip = path.join(work, 'clip.webm')
await fs.writeFile(clip, await makeAudio({ seconds: CLIP_SECONDS }))
const running: HearthProcess[] = []

/** every instance on one data folder: the worker reads the audio the web instance stored */
async function start(role: 'all' | 'web' | 'worker') {
  const instance = await startHearthProcess({
    HEARTH_ROLE: role,
    DATA_DIR: work,
    PUBLIC_URL: ORIGIN,
    DATABASE_URL: database.url,
    NODE_ENV: 'production',
    TRANSCRIBE_ENGINE: 'pocketsphinx',
    RATE_LIMIT_ENABLED: 'false',
    SOCKETS_PER_PERSON: '1000',
    JOB_LEASE_SECONDS: '10',
  })
  // a worker stands in for a machine of its own: here it yields the cores to the web's requests
  if (role === 'worker') os.setPriority(instance.pid, WORKER_NICE)
  running.push(instance)
  return instance
}
async function stop(instance: HearthProcess) {
  instance.kill('SIGTERM')
  await instance.exited
  running.splice(running.indexOf(instance), 1)
}

type Pair = { a: Omit<LoadPerson, 'url'>; b: Omit<LoadPerson, 'url'> }
const pairs: Pair[] = []
const passwordHash = await hashPassword('bench-password')
let cookieName = ''
/** two people in each other's circles, each with a session; the first ever is signed in over HTTP to learn the cookie's name */
async function makePair(url: string): Promise<Pair> {
  if (!cookieName) {
    const first = await insertPerson(database.db)
    cookieName = (await signInOverHttp(url, first, ORIGIN)).split('=')[0] as string
  }
  const [a, b] = [await insertPerson(database.db, { passwordHash }), await insertPerson(database.db, { passwordHash })]
  const { aToB, bToA } = await insertConnectedPair(database.db, a, b, { mutual: true })
  const session = (id: string) => insertSessionCookie(database.db, id, { cookieName, secret: authSecret })
  return { a: { key: a.id, cookie: await session(a.id), toPartner: aToB }, b: { key: b.id, cookie: await session(b.id), toPartner: bToA } }
}
async function ensurePairs(count: number, url: string) {
  while (pairs.length < count) pairs.push(await makePair(url))
}
const peopleOn = (count: number, url: string): LoadPerson[] =>
  pairs.slice(0, count / 2).flatMap(({ a, b }) => [
    { ...a, url },
    { ...b, url },
  ])

const clients = fork(fileURLToPath(new URL('./load-clients.ts', import.meta.url)), { execArgv: [], stdio: 'inherit' })
const clientsExited = new Promise<never>((_, reject) =>
  clients.once('exit', (code) => reject(new Error(`the clients' process ended with code ${code}`))),
)
function ask<T>(task: LoadTask): Promise<T> {
  const answer = new Promise<T>((resolve) => clients.once('message', (message) => resolve(message as T)))
  clients.send(task)
  return Promise.race([answer, clientsExited])
}
const runStep = (people: LoadPerson[], windowMs = WINDOW_MS) =>
  ask<LoadStepResult>({
    kind: 'step',
    people,
    windowMs,
    sendEveryMs: SEND_EVERY_MS,
    origin: ORIGIN,
    clip,
    clipType: 'audio/webm',
  })

/** messages of this shape's run by where they stand: waiting for (or in) the worker, and done */
async function backlog(since: Date) {
  const [row] = await database.db
    .select({
      waiting: sql<number>`count(*) filter (where ${audioMessages.processingStatus} in ('pending', 'processing'))::int`,
      done: sql<number>`count(*) filter (where ${audioMessages.processingStatus} in ('completed', 'failed'))::int`,
    })
    .from(audioMessages)
    .where(gte(audioMessages.createdAt, since))
  return row ?? { waiting: 0, done: 0 }
}

/** one message sent by the bench itself, over HTTP as the app sends it; answers its id */
async function sendOne(url: string, person: Omit<LoadPerson, 'url'>): Promise<string> {
  const headers = { origin: ORIGIN, cookie: person.cookie }
  const upload = await fetch(`${url}/api/audio`, {
    method: 'POST',
    headers: { ...headers, 'content-type': spoken.endsWith('.webm') ? 'audio/webm' : 'audio/wav' },
    body: new Uint8Array(await fs.readFile(spoken)),
  })
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`)
  const { upload_id } = (await upload.json()) as AudioUpload
  const sent = await fetch(`${url}/api/messages`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ contact_id: person.toPartner, upload_id }),
  })
  if (sent.status !== 201) throw new Error(`send: ${sent.status} ${await sent.text()}`)
  return ((await sent.json()) as Message).id
}

type StepLine = { people: number; p95: number; result: LoadStepResult; waiting: number; audioPerSecond: number }
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ')

/**
 * Steps the people up on `url` until the p95 passes the budget or a request fails, after the first step's load run
 * once unmeasured with `beside` (the worker's restart) running alongside. Answers the most people held and every
 * step's line.
 */
async function stepUp(label: string, url: string, beside?: () => Promise<void>) {
  const since = new Date()
  await ensurePairs(STEPS[0]! / 2, url)
  await Promise.all([runStep(peopleOn(STEPS[0]!, url)), beside?.()])
  let held = 0
  let over = 0
  const lines: StepLine[] = []
  for (const count of STEPS) {
    await ensurePairs(count / 2, url)
    const before = await backlog(since)
    const started = performance.now()
    const result = await runStep(peopleOn(count, url), windowFor(count))
    const after = await backlog(since)
    const seconds = (performance.now() - started) / 1000
    const line = {
      people: count,
      p95: percentile(result.latencies, 95),
      result,
      waiting: after.waiting,
      audioPerSecond: ((after.done - before.done) * CLIP_SECONDS) / seconds,
    }
    lines.push(line)
    console.log(
      `${label}: ${count} people, ${result.sends} messages in ${windowFor(count) / 1000} s: JSON API (send, conversation page) ` +
        `p50 ${fmt(percentile(result.latencies, 50))}, p95 ${fmt(line.p95)} over ${result.latencies.length} requests; ` +
        `uploads of ${CLIP_SECONDS} s p50 ${fmt(percentile(result.uploads, 50))}, p95 ${fmt(percentile(result.uploads, 95))}; ` +
        `backlog at the end ${after.waiting} messages, ${line.audioPerSecond.toFixed(1)} audio s/s processed; ` +
        `the people's own CPU ${result.clientCpuSeconds.toFixed(1)} s; load ${load()}` +
        (result.failures ? `; ${result.failures} failed (${result.firstFailure})` : '') +
        (result.unfinished ? `; ${result.unfinished} requests unanswered at the end` : '') +
        (result.limited ? `; ${result.limited} refused by the rule of 3 unanswered` : ''),
    )
    console.log(`  slowest: ${result.slowest.map((s) => `${s.what} ${fmt(s.ms)}`).join(', ')}`)
    // one step over the budget may be the machine's moment, two in a row are the instance's limit
    if (line.p95 <= BUDGET_MS && result.failures === 0 && result.unfinished === 0) {
      held = count
      over = 0
    } else if (++over === 2) break
  }
  await ask({ kind: 'close' })
  return { held, lines }
}

try {
  console.log(`load average before: ${load()} on ${os.cpus().length} cores`)

  // web + worker
  const web = await start('web')
  let worker = await start('worker')
  const restartPairs: Pair[] = []
  for (let i = 0; i < DURING_RESTART; i++) restartPairs.push(await makePair(web.url))
  let restartIds: string[] = []
  // the worker goes away as a deploy stops it, a third into the warm-up, and comes back; the people go on sending
  const restarted = async () => {
    await delay(WINDOW_MS / 3)
    await stop(worker)
    restartIds = await Promise.all(restartPairs.map((pair) => sendOne(web.url, pair.a)))
    worker = await start('worker')
    const until = Date.now() + 5 * 60_000
    while ((await transcribed()) < restartIds.length && Date.now() < until) await delay(1000)
  }
  const transcribed = async () =>
    (
      await database.db
        .select({ id: audioMessages.id })
        .from(audioMessages)
        .where(and(inArray(audioMessages.id, restartIds), sql`${audioMessages.transcription} is not null`))
    ).length
  const split = await stepUp('web + worker', web.url, restarted)
  const afterRestart = await transcribed()
  console.log(`sent during the worker's restart: ${afterRestart} of ${restartIds.length} transcribed once it was back`)
  await stop(worker)
  await stop(web)
  // the backlog left over must not load the next shape: its jobs are dropped (its messages stay pending)
  await database.db.execute(sql`delete from pgboss.job where state in ('created', 'retry', 'active')`)

  // all in one, as `npm start` runs it
  const all = await stepUp('all', (await start('all')).url)
  console.log(`load average after: ${load()}`)

  const first = (lines: StepLine[]) => lines[0] as StepLine
  // the web's latency while the worker falls behind: the most people a step held (the first step when none did)
  const saturated = split.lines.findLast((line) => line.people === split.held) ?? first(split.lines)
  await reportFigure({
    measure: 'load: people one web instance holds, worker beside it (20 s message a minute, live socket, p95 JSON API <= 100 ms)',
    value: split.held,
    unit: 'people',
    budget: 1000,
    higherIsBetter: true,
    before: BEFORE.held,
  })
  await reportFigure({
    measure: 'load: people one HEARTH_ROLE=all instance holds (same load)',
    value: all.held,
    unit: 'people',
    higherIsBetter: true,
    before: BEFORE.held,
  })
  await reportFigure({
    measure: `load: API p95 with ${first(split.lines).people} people, web instance`,
    value: first(split.lines).p95,
    unit: 'ms',
    budget: 15,
    before: BEFORE.p95At10,
  })
  await reportFigure({
    measure: `load: API p95 with ${first(all.lines).people} people, HEARTH_ROLE=all`,
    value: first(all.lines).p95,
    unit: 'ms',
    budget: 15,
    before: BEFORE.p95At10,
  })
  await reportFigure({
    measure: `load: web API p95 at ${saturated.people} people, worker saturated (${saturated.waiting} messages waiting)`,
    value: saturated.p95,
    unit: 'ms',
    budget: BUDGET_MS,
  })
  await reportFigure({
    measure: 'load: worker throughput, the most in a step',
    value: Math.max(...split.lines.map((line) => line.audioPerSecond)),
    unit: 'audio s/s',
  })
  await reportFigure({
    measure: 'load: messages sent during a worker restart that got their transcript',
    value: afterRestart,
    unit: `of ${restartIds.length}`,
    budget: restartIds.length,
    higherIsBetter: true,
  })
} finally {
  clients.kill()
  for (const instance of running) instance.kill('SIGTERM')
  await Promise.all(running.map((instance) => instance.exited))
  await database.stop()
  await fs.rm(work, { recursive: true, force: true })
}
