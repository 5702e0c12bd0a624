/**
 * The installs the fault suite breaks (decision 218), each a set of real processes on this machine:
 * - `startHomeRig`: one Hearth (`npm start`'s server) on its DATA_DIR with its embedded PostgreSQL, as a home server
 *   runs it, its cluster and media on a small tmpfs when the disk is to fill up;
 * - `startSharedRig`: a web instance and a worker instance (HEARTH_ROLE) on a PostgreSQL of their own (DATABASE_URL)
 *   and an S3 store (s3rver), as behind a proxy.
 * Both transcribe through the tests' OpenAI-compatible speech server, which takes a while per request so that a
 * fault can land during a transcription. Both act as a supervisor does: an instance that exits without being killed is
 * started again (and counted). Imports no test runner: the bench uses it too.
 */
import { execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import pg from 'pg'
import { connectDatabase } from '#server/db/client.ts'
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '#server/db/embedded-postgres.ts'
import { makeAudio } from '#server/test/audio-files.ts'
import { insertConnectedPair, insertPerson } from '#server/test/data.ts'
import { spawnHearthProcess } from '#server/test/hearth-process.ts'
import { startS3Server } from '#server/test/s3-server.ts'
import { signInOverHttp } from '#server/test/sign-in.ts'
import { startSpeechServer } from '#server/test/speech-server.ts'
import type { Pair } from './fault-clients.ts'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../../../..', import.meta.url))
export const ORIGIN = 'http://localhost:3999'
const PASSWORDS = { postgresPassword: 'p'.repeat(16), appDatabasePassword: 'a'.repeat(16) }
const SECRETS = { authSecret: 's'.repeat(40), urlSigningKey: 'u'.repeat(40), ...PASSWORDS }
/** how long the speech server takes per transcription: long enough to be caught in the middle */
const SPEECH_DELAY_MS = 200
/** an instance that has not become ready this long after its start has not recovered */
const START_TIMEOUT_MS = 90_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A power cut for a process and everything it started: SIGKILL to it and all its descendants (the embedded
 * PostgreSQL's postmaster and its backends, initdb, ffmpeg), found in /proc first and then killed together. Linux only.
 */
export function killTree(pid: number, also: number[] = []) {
  const children = new Map<number, number[]>()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // the parent's pid is the 2nd field after the command's closing parenthesis
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)])
    } catch {
      // gone meanwhile
    }
  }
  const doomed = [pid, ...also]
  for (let i = 0; i < doomed.length; i++) doomed.push(...(children.get(doomed[i] as number) ?? []))
  for (const victim of new Set(doomed)) {
    try {
      process.kill(victim, 'SIGKILL')
    } catch {
      // gone already
    }
  }
}

/** The postmaster's pid and port from a cluster's postmaster.pid (1st and 4th lines), or null when it is not there. */
function postmasterOf(clusterDir: string): { pid: number; port: number } | null {
  try {
    const lines = fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')
    return { pid: Number(lines[0]), port: Number(lines[3]) }
  } catch {
    return null
  }
}

/** Polls the instance's health until it answers 200; answers when (performance.now()), or undefined after `timeoutMs`. */
export async function healthyAt(url: string, timeoutMs = START_TIMEOUT_MS): Promise<number | undefined> {
  const until = performance.now() + timeoutMs
  while (performance.now() < until) {
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return performance.now()
    await sleep(50)
  }
  return undefined
}

type Instance = Awaited<ReturnType<typeof spawnHearthProcess>>

/**
 * An instance kept running as a supervisor keeps it: `start` spawns it (waiting for it to be ready), `cut` kills it and
 * what it started; an exit that no `cut` asked for is counted and followed by a new start.
 */
function supervised(name: string, env: () => Record<string, string>, log: (line: string) => void) {
  let current: Instance | undefined
  let cutting = false
  let closing = false
  let restarting: Promise<void> | undefined
  const state = { unplannedExits: 0 }
  const start = async () => {
    const instance = await spawnHearthProcess(env())
    current = instance
    void instance.exited.then((code) => {
      if (cutting || closing || current !== instance) return
      state.unplannedExits++
      log(`${name} exited by itself (code ${code}); starting it again:\n${instance.output().slice(-2000)}`)
      restarting ??= start().finally(() => (restarting = undefined))
    })
    await Promise.race([instance.ready, sleep(START_TIMEOUT_MS).then(() => Promise.reject(new Error(`${name} not ready in time`)))])
    log(`${name}: ${/ready at .*/.exec(instance.output())?.[0] ?? 'ready'}`)
  }
  return {
    state,
    start,
    pid: () => current?.pid,
    output: () => current?.output() ?? '',
    /** SIGKILL to the instance and its descendants (plus `also`), waiting for its exit */
    async cut(also: number[] = []) {
      const instance = current
      if (!instance) return
      cutting = true
      killTree(instance.pid, also)
      await instance.exited
      cutting = false
    },
    /** a restart the supervisor began, once it is done */
    settled: () => restarting ?? Promise.resolve(),
    close() {
      closing = true
      if (current) killTree(current.pid)
    },
  }
}

/** Two people per pair, connected, signed in over HTTP. */
async function insertPairs(databaseUrl: string, url: string, count: number): Promise<Pair[]> {
  const database = connectDatabase(databaseUrl, { max: 2 })
  try {
    const pairs: Pair[] = []
    for (let i = 0; i < count; i++) {
      const a = await insertPerson(database.db, { name: `Ada ${i}` })
      const b = await insertPerson(database.db, { name: `Bob ${i}` })
      const { aToB, bToA } = await insertConnectedPair(database.db, a, b)
      pairs.push([
        { id: a.id, cookie: await signInOverHttp(url, a, ORIGIN), contactId: aToB },
        { id: b.id, cookie: await signInOverHttp(url, b, ORIGIN), contactId: bToA },
      ])
    }
    return pairs
  } finally {
    await database.close()
  }
}

/** What the invariants read: the messages as the database holds them. */
export type MessageReader = {
  statuses: (ids: string[]) => Promise<Map<string, string>>
  countsBySender: (senders: string[]) => Promise<Map<string, number>>
  /** the job queue's jobs by name and state, to tell why work is stuck */
  jobStates: () => Promise<string>
}

function readerOf(url: () => string): MessageReader {
  const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[]) => {
    const client = new pg.Client({ connectionString: url() })
    await client.connect()
    try {
      return (await client.query<T>(text, values)).rows
    } finally {
      await client.end()
    }
  }
  return {
    async statuses(ids) {
      const rows = await query<{ id: string; status: string }>(
        'SELECT id, processing_status AS status FROM audio_messages WHERE id = ANY($1::uuid[])',
        [ids],
      )
      return new Map(rows.map((row) => [row.id, row.status]))
    },
    async countsBySender(senders) {
      const rows = await query<{ sender: string; count: number }>(
        'SELECT sender_id AS sender, count(*)::int AS count FROM audio_messages WHERE sender_id = ANY($1::text[]) GROUP BY sender_id',
        [senders],
      )
      return new Map(rows.map((row) => [row.sender, row.count]))
    },
    async jobStates() {
      const rows = await query<{ name: string; state: string; count: number }>(
        'SELECT name, state, count(*)::int AS count FROM pgboss.job GROUP BY name, state ORDER BY name, state',
        [],
      )
      return rows.map((row) => `${row.name} ${row.state}: ${row.count}`).join(', ')
    },
  }
}

/**
 * One Hearth on its own DATA_DIR and embedded PostgreSQL. `startCuts` power cuts land at random moments of its first
 * start (creating the cluster, migrating the empty database), each followed by another start, before the one that
 * serves; `tmpfsMb` puts DATA_DIR on a tmpfs of that size (root only), for a disk that fills up.
 */
export async function startHomeRig({
  pairs,
  random,
  startCuts = 0,
  tmpfsMb,
  log,
}: {
  pairs: number
  random: () => number
  startCuts?: number
  tmpfsMb?: number
  log: (line: string) => void
}) {
  const dataDir = await fsp.mkdtemp('/tmp/hearth-faults-')
  if (tmpfsMb) await run('mount', ['-t', 'tmpfs', '-o', `size=${tmpfsMb}m`, 'tmpfs', dataDir])
  // (mkdtemp makes it 700; the postgres user must reach the cluster inside)
  await fsp.chmod(dataDir, 0o755)
  await fsp.writeFile(path.join(dataDir, 'secrets.json'), JSON.stringify(SECRETS), { mode: 0o600 })
  const clusterDir = path.join(dataDir, 'postgres')
  const speech = await startSpeechServer(() => true, { delayMs: SPEECH_DELAY_MS })
  const port = await freePort()
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: ORIGIN,
    TRANSCRIBE_ENGINE: 'openai',
    OPENAI_BASE_URL: speech.url,
    OPENAI_API_KEY: 'home',
    MODEL_DOWNLOAD: 'false',
    RATE_LIMIT_ENABLED: 'false',
    JOB_LEASE_SECONDS: '3',
  }
  const hearth = supervised('Hearth', () => env, log)
  let migrationCuts = 0
  // initdb half done: the cluster's PG_VERSION written (early), its global/pg_control not yet; where initdb makes it
  const halfMade = () =>
    [clusterDir, `${clusterDir}.initdb`].some(
      (dir) => fs.existsSync(path.join(dir, 'PG_VERSION')) && !fs.existsSync(path.join(dir, 'global', 'pg_control')),
    )
  for (let i = 0; i < startCuts; i++) {
    // A start on an empty DATA_DIR creates the cluster (initdb), starts it and runs every migration. The first cut
    // lands in the middle of initdb; the others in the 1.5 s after the start says it creates the cluster or starts
    // it, whichever it says first.
    const instance = await spawnHearthProcess(env)
    const moment = i === 0 ? halfMade : () => /creating the database cluster|embedded PostgreSQL on/.test(instance.output())
    const began = await Promise.race([
      instance.exited.then(() => false),
      (async () => {
        while (!moment()) await sleep(5)
        return true
      })(),
    ])
    const at = i === 0 ? 0 : random() * 1500
    await sleep(at)
    const ready = /ready at /.test(instance.output())
    killTree(instance.pid, [postmasterOf(clusterDir)?.pid ?? 0].filter(Boolean))
    await instance.exited
    const step =
      i === 0
        ? 'initdb wrote PG_VERSION'
        : /creating the database cluster/.test(instance.output())
          ? 'the start created the cluster'
          : 'the start started the cluster'
    log(`power cut ${Math.round(at)} ms after ${began ? step : 'the start ended'}${ready ? ' (it was ready already)' : ''}`)
    migrationCuts++
  }
  log('starting Hearth')
  await hearth.start()
  const url = `http://127.0.0.1:${port}`
  const databaseUrl = () => `postgres://hearth:${PASSWORDS.appDatabasePassword}@127.0.0.1:${postmasterOf(clusterDir)?.port}/hearth`
  const people = await insertPairs(databaseUrl(), url, pairs)

  /** a power cut: Hearth, its PostgreSQL and `also` killed at once; then a start, as after the power comes back */
  const powerCut = async (also: number[] = []) => {
    await hearth.settled()
    await hearth.cut([postmasterOf(clusterDir)?.pid ?? 0, ...also].filter(Boolean))
    const restarted = performance.now()
    await hearth.start()
    return restarted
  }

  return {
    url,
    pairs: people,
    reader: readerOf(databaseUrl),
    transcribing: () => speech.working,
    unplannedExits: () => hearth.state.unplannedExits,
    migrationCuts,
    powerCut,
    /** `npm run backup` started while Hearth runs; a power cut lands at a random moment of it */
    async powerCutDuringBackup(): Promise<number> {
      const backup = spawn(process.execPath, ['scripts/backup.ts', path.join('/tmp', `hearth-faults-backup-${port}.tar`)], {
        cwd: root,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir },
        stdio: 'ignore',
      })
      const exited = new Promise((resolve) => backup.once('exit', resolve))
      await Promise.race([sleep(200 + random() * 1500), exited])
      const restarted = await powerCut([backup.pid ?? 0].filter(Boolean))
      await exited
      await fsp.rm(path.join('/tmp', `hearth-faults-backup-${port}.tar`), { force: true })
      return restarted
    },
    /**
     * A full disk: DATA_DIR's tmpfs filled to its last byte and held full for `holdMs`, then freed; answers when it was
     * freed. What Hearth does meanwhile (refuse, or stop and be started again) is what the suite counts.
     */
    async fillDisk(holdMs: number): Promise<number> {
      const filler = path.join(dataDir, 'filler')
      const chunk = Buffer.alloc(1024 * 1024)
      const handle = await fsp.open(filler, 'w')
      try {
        for (;;) await handle.write(chunk)
      } catch {
        // ENOSPC: full
      }
      await handle.close()
      await sleep(holdMs)
      await fsp.rm(filler, { force: true })
      return performance.now()
    },
    async ensureUp() {
      await hearth.settled()
    },
    async close() {
      hearth.close()
      speech.close()
      await sleep(200)
      if (tmpfsMb) await run('umount', ['-l', dataDir]).catch(() => undefined)
      await fsp.rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** How the web instance answered a person while the store or the database was away. */
export type OutageAnswer = { part: 'store' | 'database'; status: number; code: string | null }

/**
 * A web instance and a worker instance (HEARTH_ROLE) sharing a PostgreSQL of their own, started and stopped by the
 * suite (DATABASE_URL), and an S3 store (s3rver): people talk to the web instance; the worker transcribes.
 */
export async function startSharedRig({ pairs, log }: { pairs: number; log: (line: string) => void }) {
  const work = await fsp.mkdtemp('/tmp/hearth-faults-shared-')
  await fsp.chmod(work, 0o755)
  const pgPort = await freePort()
  const startDatabase = () =>
    startEmbeddedPostgres({
      dir: path.join(work, 'pg'),
      password: PASSWORDS.postgresPassword,
      appPassword: PASSWORDS.appDatabasePassword,
      port: pgPort,
      log: () => undefined,
    })
  let database: EmbeddedDatabase = await startDatabase()
  const s3 = await startS3Server()
  const speech = await startSpeechServer(() => true, { delayMs: SPEECH_DELAY_MS })
  const webPort = await freePort()
  const dataDirOf = async (name: string) => {
    const dir = path.join(work, name)
    await fsp.mkdir(dir, { recursive: true })
    // instances share secrets.json, so each accepts the sessions and signed URLs of the other (decision 83)
    await fsp.writeFile(path.join(dir, 'secrets.json'), JSON.stringify(SECRETS), { mode: 0o600 })
    return dir
  }
  const common = {
    PUBLIC_URL: ORIGIN,
    DATABASE_URL: database.url,
    TRANSCRIBE_ENGINE: 'openai',
    OPENAI_BASE_URL: speech.url,
    MODEL_DOWNLOAD: 'false',
    RATE_LIMIT_ENABLED: 'false',
    JOB_LEASE_SECONDS: '3',
    ...s3.env,
  }
  const webEnv = { ...common, DATA_DIR: await dataDirOf('web'), PORT: String(webPort), HEARTH_ROLE: 'web', OPENAI_API_KEY: 'web' }
  const web = supervised('the web instance', () => webEnv, log)
  await web.start()
  // each worker started gets a name of its own (its speech API key), so the speech server tells whose work it holds
  let workers = 1
  const workerEnv = { ...common, DATA_DIR: await dataDirOf('worker'), HEARTH_ROLE: 'worker' }
  const worker = supervised('the worker', () => ({ ...workerEnv, OPENAI_API_KEY: `worker-${workers}` }), log)
  await worker.start()
  const url = `http://127.0.0.1:${webPort}`
  const people = await insertPairs(database.url, url, pairs)
  const outageAnswers: OutageAnswer[] = []
  /** what a person is told while a part is away: one request, as the web app makes it, with what it was answered */
  const probe = async (part: OutageAnswer['part'], request: () => Promise<Response>) => {
    const response = await request()
    const body = (await response.json().catch(() => null)) as { error?: { code?: string } } | null
    outageAnswers.push({ part, status: response.status, code: body?.error?.code ?? null })
  }
  const [speaker] = people[0] ?? []

  return {
    url,
    pairs: people,
    outageAnswers,
    reader: readerOf(() => database.url),
    transcribing: () => speech.working,
    unplannedExits: () => web.state.unplannedExits + worker.state.unplannedExits,
    /** the name of the worker running now (what the speech server hears from it) */
    workerName: () => `worker-${workers}`,
    /** SIGKILL to the worker (and what it started), then a new worker; answers when that one was started */
    async killWorker(): Promise<number> {
      await worker.settled()
      await worker.cut()
      workers++
      const restarted = performance.now()
      await worker.start()
      return restarted
    },
    /** the store closed for `holdMs`, then open again on the same port with the same objects; answers when it was back */
    async storeOutage(holdMs: number): Promise<number> {
      await s3.stop()
      if (speaker)
        await probe('store', async () =>
          fetch(`${url}/api/audio`, {
            method: 'POST',
            headers: { origin: ORIGIN, cookie: speaker.cookie, 'content-type': 'audio/webm' },
            body: new Uint8Array(await makeAudio({ seconds: 1 })),
          }),
        )
      await sleep(holdMs)
      await s3.restart()
      return performance.now()
    },
    /** PostgreSQL stopped (a fast shutdown) for `holdMs`, then started again on the same port; answers when it was back */
    async databaseRestart(holdMs: number): Promise<number> {
      await database.stop()
      if (speaker) await probe('database', () => fetch(`${url}/api/contacts`, { headers: { cookie: speaker.cookie } }))
      await sleep(holdMs)
      database = await startDatabase()
      return performance.now()
    },
    async ensureUp() {
      await web.settled()
      await worker.settled()
    },
    async close() {
      web.close()
      worker.close()
      speech.close()
      await sleep(200)
      await database.stop()
      await s3.close()
      await fsp.rm(work, { recursive: true, force: true })
    },
  }
}
