/**
 * Web and worker instances apart (HEARTH_ROLE, docs/deploy.md): one web instance and one worker instance, each a
 * `main.ts` process, on one embedded PostgreSQL and one data folder. Steady JSON API reads (conversation pages and
 * contact lists, ROLES_RATE a second) go to the web instance while nothing runs, then while the worker transcribes a
 * backlog of voice messages (real speech: Debian's pocketsphinx, one at a time, the default SPEECH_CONCURRENCY). The
 * ratio of the two p95s is how flat the web stays. Then the worker is stopped (SIGTERM) and started again, messages
 * are sent while it is away, and the bench counts those that got their transcript once it is back.
 *
 * Two machines are stood in for by two cores: the worker (and the engines it starts) runs on one, the web instance and
 * this process's clients on the other (`taskset`; ROLES_PIN=false leaves them to the scheduler). Run with
 * `npm run bench:roles` (ROLES_WINDOW_SECONDS, ROLES_MESSAGES to change it). Prints figures; asserts nothing.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { inArray, sql } from 'drizzle-orm'
import type { AudioUpload, Message } from '#shared/messages.ts'
import { audioMessages } from '#server/db/schema.ts'
import { pocketsphinxAvailable } from '#server/speech/engines/pocketsphinx.ts'
import { insertConnectedPair, insertPerson } from '#server/test/data.ts'
import { startHearthProcess, type HearthProcess } from '#server/test/hearth-process.ts'
import { signInOverHttp } from '#server/test/sign-in.ts'
import { speechFixtureOrSpoken } from '#server/test/speech-fixtures.ts'
import { fmt, percentile, reportFigure, startBenchDatabase } from './support.ts'

const ORIGIN = 'http://localhost:3999'
const WINDOW_MS = Number(process.env.ROLES_WINDOW_SECONDS ?? 15) * 1000
const RATE = Number(process.env.ROLES_RATE ?? 40)
/** the backlog queued before the saturated window: more than the worker transcribes in it */
const BACKLOG = Number(process.env.ROLES_MESSAGES ?? 12)
/** sent while the worker is away */
const DURING_RESTART = 5
const READERS = 10

const clip = speechFixtureOrSpoken('coffee-sunday.webm', "Hey! I really miss you. Let's grab coffee on Sunday and talk about your new job.")
if (!clip || !(await pocketsphinxAvailable())) {
  console.error('bench:roles needs pocketsphinx (apt-get install pocketsphinx pocketsphinx-en-us) and the speech clip or espeak-ng')
  process.exit(1)
}
const clipBytes = new Uint8Array(await fs.readFile(clip))
const clipType = clip.endsWith('.webm') ? 'audio/webm' : 'audio/wav'

// children keep the cores of the thread that started them: this process moves to the core each child is to run on
const pin = process.env.ROLES_PIN !== 'false' && os.cpus().length >= 2
const moveTo = (core: number) => {
  if (pin) execFileSync('taskset', ['-a', '-pc', String(core), String(process.pid)], { stdio: 'ignore' })
}

const database = await startBenchDatabase()
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-bench-roles-'))
await fs.writeFile(
  path.join(dataDir, 'secrets.json'),
  JSON.stringify({ authSecret: 'b'.repeat(40), urlSigningKey: 'u'.repeat(40), postgresPassword: 'p'.repeat(16) }),
  { mode: 0o600 },
)
/** both roles on one data folder: the worker reads the audio the web instance stored */
const start = (role: 'web' | 'worker') =>
  startHearthProcess({
    HEARTH_ROLE: role,
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    DATABASE_URL: database.url,
    NODE_ENV: 'production',
    TRANSCRIBE_ENGINE: 'pocketsphinx',
    RATE_LIMIT_ENABLED: 'false',
    JOB_LEASE_SECONDS: '10',
  })
const startWorker = async () => {
  moveTo(1)
  const worker = await start('worker')
  moveTo(0)
  return worker
}

moveTo(0)
const web = await start('web')
let worker: HearthProcess | undefined

type Pair = { cookie: string; toPartner: string }
async function insertPairs(count: number): Promise<Pair[]> {
  const pairs: Pair[] = []
  for (let i = 0; i < count; i++) {
    const [a, b] = [await insertPerson(database.db), await insertPerson(database.db)]
    const { aToB } = await insertConnectedPair(database.db, a, b, { mutual: true })
    pairs.push({ cookie: await signInOverHttp(web.url, a, ORIGIN), toPartner: aToB })
  }
  return pairs
}
const readers = await insertPairs(READERS)
// one message per sender: the rule of three unanswered messages never refuses one
const senders = await insertPairs(BACKLOG + DURING_RESTART)

async function send(pair: Pair): Promise<string> {
  const headers = { origin: ORIGIN, cookie: pair.cookie }
  const upload = await fetch(`${web.url}/api/audio`, { method: 'POST', headers: { ...headers, 'content-type': clipType }, body: clipBytes })
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`)
  const { upload_id } = (await upload.json()) as AudioUpload
  const sent = await fetch(`${web.url}/api/messages`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ contact_id: pair.toPartner, upload_id }),
  })
  if (sent.status !== 201) throw new Error(`send: ${sent.status} ${await sent.text()}`)
  return ((await sent.json()) as Message).id
}

async function statuses(ids: string[]) {
  const rows = await database.db
    .select({ status: audioMessages.processingStatus, transcribed: sql<boolean>`${audioMessages.transcription} is not null` })
    .from(audioMessages)
    .where(inArray(audioMessages.id, ids))
  return {
    pending: rows.filter((r) => r.status === 'pending' || r.status === 'processing').length,
    transcribed: rows.filter((r) => r.status === 'completed' && r.transcribed).length,
    failed: rows.filter((r) => r.status === 'failed').length,
  }
}

/** JSON reads at a steady RATE a second for WINDOW_MS, each reader in turn; answers the latencies, sorted */
async function measure(): Promise<number[]> {
  const latencies: number[] = []
  const running: Promise<void>[] = []
  const started = performance.now()
  for (let i = 0; performance.now() - started < WINDOW_MS; i++) {
    const reader = readers[i % readers.length]!
    const url = i % 2 === 0 ? `${web.url}/api/contacts/${reader.toPartner}/messages` : `${web.url}/api/contacts`
    running.push(
      (async () => {
        const begun = performance.now()
        const response = await fetch(url, { headers: { cookie: reader.cookie } })
        await response.text()
        if (!response.ok) throw new Error(`GET ${url}: ${response.status}`)
        latencies.push(performance.now() - begun)
      })(),
    )
    await delay(Math.max(0, started + ((i + 1) * 1000) / RATE - performance.now()))
  }
  await Promise.all(running)
  return latencies.sort((a, b) => a - b)
}

async function waitUntilDone(ids: string[], timeoutMs: number) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until && (await statuses(ids)).pending > 0) await delay(500)
  return statuses(ids)
}

try {
  console.log(
    `web ${web.url}; ${pin ? 'worker on core 1, web and clients on core 0' : 'not pinned'}; ${RATE} reads/s, ${WINDOW_MS / 1000} s windows`,
  )
  await measure() // warms the web instance: its first requests compile and connect
  const idle = await measure()
  const load = () => `load ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`
  console.log(`idle window done (${load()})`)

  const backlog: string[] = []
  for (const pair of senders.slice(0, BACKLOG)) backlog.push(await send(pair))
  const beforeWorker = await statuses(backlog)
  console.log(`queued ${backlog.length} messages on the web instance, no worker: ${beforeWorker.pending} pending, none transcribed`)
  worker = await startWorker()
  while ((await statuses(backlog)).transcribed === 0) await delay(250)
  const saturated = await measure()
  const afterWindow = await statuses(backlog)
  console.log(
    `saturated window: ${afterWindow.transcribed} of ${backlog.length} transcribed, ${afterWindow.pending} still waiting at its end (${load()})`,
  )

  const [idleP95, busyP95] = [percentile(idle, 95), percentile(saturated, 95)]
  console.log(`web JSON reads: p50 ${fmt(percentile(idle, 50))} idle, ${fmt(percentile(saturated, 50))} with the worker saturated`)
  await reportFigure({ measure: 'roles: web JSON API p95, no job running', value: idleP95, unit: 'ms' })
  await reportFigure({ measure: 'roles: web JSON API p95, worker saturated with transcription', value: busyP95, unit: 'ms' })
  await reportFigure({ measure: 'roles: web p95 saturated / idle', value: busyP95 / idleP95, unit: 'x', budget: 1.5 })

  // the worker stops as a deploy stops it; messages sent meanwhile wait in the queue for it to come back
  worker.kill('SIGTERM')
  await worker.exited
  const duringRestart: string[] = []
  for (const pair of senders.slice(BACKLOG)) duringRestart.push(await send(pair))
  worker = await startWorker()
  const done = await waitUntilDone([...backlog, ...duringRestart], 10 * 60_000)
  const restarted = await statuses(duringRestart)
  console.log(`after the restart: ${done.transcribed} of ${backlog.length + duringRestart.length} transcribed, ${done.failed} failed`)
  await reportFigure({
    measure: 'roles: messages sent during a worker restart that got their transcript',
    value: restarted.transcribed,
    unit: `of ${duringRestart.length}`,
    budget: duringRestart.length,
    higherIsBetter: true,
  })
} finally {
  worker?.kill('SIGTERM')
  web.kill('SIGTERM')
  await Promise.all([worker?.exited, web.exited])
  await database.stop()
  await fs.rm(dataDir, { recursive: true, force: true })
}
