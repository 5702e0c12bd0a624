import fs from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { APP_ROLE } from '#server/db/app-role.ts'
import { connectDatabase, runMigrations } from '#server/db/client.ts'
import { startEmbeddedPostgres, type EmbeddedDatabase } from '#server/db/embedded-postgres.ts'
import { parseEnvOrExit } from '#server/env.ts'
import { createJobQueue } from '#server/jobs/job-queue.ts'
import { queueRetranscriptions } from '#server/modules/messages/message-speech.service.ts'
import { loadSecrets } from '#server/secrets.ts'
import { selectSpeechEngine } from '#server/speech/select-engine.ts'

/**
 * `npm run transcripts:redo`: queues one job per message whose transcript a weaker engine made than the one Hearth
 * picks now (decision 93), with the same environment Hearth starts with. Hearth's workers do the work: now if it is
 * running, else at its next start. Each message keeps its old transcript until the new one is ready.
 *
 * The database: DATABASE_URL; else the embedded PostgreSQL of DATA_DIR, reached on the port a running Hearth
 * started it on (its postmaster.pid), or started here for the time it takes when Hearth is not running.
 */
const env = parseEnvOrExit(process.env)
const say = (line: string) => console.log(`[transcripts:redo] ${line}`)
const quiet = { info() {}, warn() {}, error() {}, debug() {}, child: () => quiet } as unknown as FastifyBaseLogger

/** The port of the embedded PostgreSQL a running Hearth started, or null when it is not running. */
async function runningEmbeddedPort(dir: string): Promise<number | null> {
  const real = await fs.realpath(dir).catch(() => null)
  if (!real) return null
  const lines = (await fs.readFile(path.join(real, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')
  const pid = Number(lines[0])
  const port = Number(lines[3])
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return null
  try {
    process.kill(pid, 0)
    return port
  } catch {
    return null
  }
}

const choice = await selectSpeechEngine(env)
say(`the engine Hearth picks now: ${choice.reason}`)
if (!choice.engine) {
  say('no engine to transcribe with: nothing queued')
  process.exit(1)
}

let embedded: EmbeddedDatabase | undefined
let url = env.DATABASE_URL
if (!url) {
  const secrets = await loadSecrets(env.dataDir)
  const dir = path.join(env.dataDir, 'postgres')
  const port = await runningEmbeddedPort(dir)
  if (port !== null) {
    url = `postgres://${APP_ROLE}:${encodeURIComponent(secrets.appDatabasePassword)}@127.0.0.1:${port}/hearth`
  } else {
    embedded = await startEmbeddedPostgres({ dir, password: secrets.postgresPassword, appPassword: secrets.appDatabasePassword, log: say })
    url = embedded.url
  }
}
const database = connectDatabase(url)
try {
  await runMigrations(database.db)
  const queue = await createJobQueue({ pool: database.pool, log: quiet })
  try {
    const { read, queued } = await queueRetranscriptions({ db: database.db, queue, speech: choice })
    say(`${read} transcribed messages read, ${queued} queued to be transcribed again${embedded ? ' (they run when Hearth starts)' : ''}`)
  } finally {
    await queue.stop()
  }
} finally {
  await database.close()
  await choice.engine.close?.()
  await embedded?.stop()
}
