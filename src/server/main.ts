import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { connectDatabase } from './db/client.ts'
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres.ts'
import { migrateWithBackup, UpgradeError } from './db/upgrade.ts'
import { parseEnvOrExit } from './env.ts'
import { createOutboxMailer, createSmtpMailer } from './notify/mailer.ts'
import { loadSecrets } from './secrets.ts'
import { isLoopbackAddress } from './http/loopback.ts'
import { recordingAddressWarning } from './http/secure-context.ts'
import { drainAndStop } from './shutdown.ts'
import { lowerV8HelperThreads } from './v8-helper-priority.ts'

const isLoopbackHost = (host: string) => host === 'localhost' || isLoopbackAddress(host)

const webDir = fileURLToPath(new URL('../../dist/web', import.meta.url))

async function main() {
  const env = parseEnvOrExit(process.env)
  const startedAt = performance.now()
  const say = (line: string) => console.log(`[hearth] ${line}`)
  // V8's compiling and collecting threads yield their core to a woken request, which they delayed by milliseconds
  lowerV8HelperThreads()

  await fs.mkdir(env.dataDir, { recursive: true })
  const secrets = await loadSecrets(env.dataDir)

  // The app (Fastify, its plugins and every module: most of what a start loads) loads while PostgreSQL gets ready and
  // the migrations run, which wait on other processes (decision 107). A failure to load is thrown where it is used.
  const importApp = () => import('./app.ts')
  let loadingApp: ReturnType<typeof importApp> | undefined
  const loadApp = () => (loadingApp ??= importApp())
  const startLoadingApp = () => void loadApp().catch(() => undefined)

  let embedded: EmbeddedDatabase | undefined
  let databaseUrl = env.DATABASE_URL
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dir: path.join(env.dataDir, 'postgres'),
      password: secrets.postgresPassword,
      appPassword: secrets.appDatabasePassword,
      log: say,
      onSpawn: startLoadingApp,
    })
    databaseUrl = embedded.url
    say(`embedded PostgreSQL on 127.0.0.1:${embedded.port}, data in ${path.join(env.dataDir, 'postgres')}`)
  } else {
    say('using the PostgreSQL of DATABASE_URL')
  }

  startLoadingApp()
  const database = connectDatabase(databaseUrl)
  try {
    await migrateWithBackup({ db: database.db, env, databasePassword: secrets.appDatabasePassword, say })
  } catch (error) {
    if (!(error instanceof UpgradeError)) throw error
    // one line that says what failed and how to go back, no stack trace; the database is stopped as at any stop
    console.error(`[hearth] could not upgrade the database: ${error.message}`)
    await database.close().catch(() => undefined)
    await embedded?.stop().catch(() => undefined)
    process.exit(1)
  }

  const mailer = env.SMTP_URL
    ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM)
    : createOutboxMailer(path.join(env.dataDir, 'outbox'), env.MAIL_FROM, say)
  // a worker instance serves nothing but its health: the web app, its mailbox and the speech model are the others'
  const servesApp = env.HEARTH_ROLE !== 'worker'
  if (mailer.kind === 'outbox') {
    const mailbox = env.NODE_ENV === 'production' || !servesApp ? '' : ` and http://localhost:${env.PORT}/dev/mailbox (this computer only)`
    say(`no SMTP_URL: mail is kept in ${path.join(env.dataDir, 'outbox')}${mailbox}`)
    if (servesApp && !isLoopbackHost(env.HOST)) {
      say(
        `listening on ${env.HOST} without SMTP_URL: people on other devices get no confirmation or reset mail; ` +
          'open the mailbox on this computer and pass them their link, or set SMTP_URL (see README, "Run it")',
      )
    }
  }

  const { buildApp } = await loadApp()
  const app = await buildApp({
    env,
    db: database.db,
    pool: database.pool,
    secrets,
    mailer,
    webDir: servesApp ? webDir : undefined,
    // only a real start fetches the model, and only where speech jobs run; tests build the app without it
    speech: { autoDownload: env.HEARTH_ROLE !== 'web' },
    // leases are renewed while a job runs; checked for expiry at least every 20 s (pg-boss's maintenance)
    jobs: { leaseSeconds: env.JOB_LEASE_SECONDS, maintenanceIntervalSeconds: Math.min(20, env.JOB_LEASE_SECONDS) },
    logger: {
      level: env.LOG_LEVEL,
      // a person at a terminal reads one short line per event; a collector (stdout not a terminal) gets JSON lines
      ...(process.stdout.isTTY
        ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname', singleLine: true, translateTime: 'SYS:HH:MM:ss' } } }
        : {}),
    },
  })

  // who may join is said at every start: a family server must not be open to strangers by surprise (decision 162)
  // asked the way the landing asks it: a Hearth with no account yet is open to its first person whatever the mode
  const { signUpMode } = (await app.inject({ method: 'GET', url: '/api/config' })).json<{ signUpMode: string }>()
  if (signUpMode === 'open') {
    const why =
      env.SIGNUP_MODE === 'invitation' ? ' until its first account, the owner, is made' : env.SIGNUP_MODE ? ' (SIGNUP_MODE=open)' : ''
    say(
      `sign-up is open: anyone who can reach ${env.publicUrl} can make an account${why}; ` +
        'to take people by invitation only, set SIGNUP_MODE=invitation or switch it in Settings, People on this Hearth',
    )
  } else {
    say(
      `sign-up is by invitation only${env.SIGNUP_MODE ? ' (SIGNUP_MODE=invitation)' : " (the owner's choice in Settings, People on this Hearth)"}`,
    )
  }

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    const stopDatabase = async () => {
      await database.close().catch(() => undefined)
      await embedded?.stop().catch(() => undefined)
    }
    process.exit(await drainAndStop({ app, signal, graceSeconds: env.SHUTDOWN_GRACE_SECONDS, stopDatabase, say }))
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
  // Hearth does not run without its database: rather than answer 503 forever, it exits at once (closing would only
  // fail on the database) so that a supervisor (systemd, Docker, a process manager) starts it again, and the start
  // recovers the cluster. Jobs it was running run again once their leases end (decision 45).
  embedded?.onUnexpectedExit((how) => {
    if (stopping) return
    stopping = true
    console.error(
      `[hearth] the embedded PostgreSQL stopped unexpectedly (${how}); exiting with code 1 so that a supervisor restarts Hearth`,
    )
    process.exit(1)
  })

  // said before "ready at", which is the last line of a start
  if (env.METRICS_TOKEN) say(`metrics: GET ${env.publicUrl}/metrics answers Prometheus with Authorization: Bearer METRICS_TOKEN`)
  if (env.BACKUP_SCHEDULE !== 'off') {
    const what = env.DATABASE_URL ? 'DATA_DIR (not the database of DATABASE_URL)' : 'the database and DATA_DIR'
    say(`backups of ${what} at '${env.BACKUP_SCHEDULE}' (UTC) into ${env.backupDir}, kept ${env.BACKUP_KEEP_DAYS} days`)
  }
  await app.listen({ port: env.PORT, host: env.HOST })
  say(app.roleSummary)
  const took = `in ${Math.round(performance.now() - startedAt)} ms`
  if (!servesApp) {
    say(`ready at http://${env.HOST}:${env.PORT} (health only) ${took}`)
    return
  }
  say(`ready at ${env.publicUrl} ${took}`)
  const cannotRecord = recordingAddressWarning({ publicUrl: env.publicUrl, publicUrlSet: Boolean(env.PUBLIC_URL), host: env.HOST })
  if (cannotRecord) say(cannotRecord)
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

// A bug that escapes every handler ends the process with one line that says so, not a bare stack trace; the
// stack follows on the next line for whoever fixes it. Exit code 1, so that a supervisor restarts Hearth.
for (const event of ['unhandledRejection', 'uncaughtException'] as const) {
  process.on(event, (error: unknown) => {
    console.error(`[hearth] stopping on an unexpected error (${event}): ${messageOf(error)}`)
    if (error instanceof Error && error.stack) console.error(error.stack)
    process.exit(1)
  })
}

main().catch((error: unknown) => {
  console.error(`[hearth] could not start: ${messageOf(error)}`)
  process.exit(1)
})
