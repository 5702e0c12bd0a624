import { afterAll } from 'vitest'
import { buildApp, type BuildAppOptions } from '#server/app.ts'
import { parseEnv } from '#server/env.ts'
import { createSmtpMailer } from '#server/notify/mailer.ts'
import { startSmtpCapture } from './smtp-capture.ts'
import { createTestDatabase } from './test-db.ts'

export const TEST_ORIGIN = 'http://localhost:3999'

/** the secrets of every test app (tests that sign a token themselves use them) */
export const TEST_SECRETS = {
  authSecret: 'test-secret-test-secret-test-secret-00',
  urlSigningKey: 'u'.repeat(40),
  postgresPassword: 'x'.repeat(16),
  appDatabasePassword: 'y'.repeat(16),
}

/**
 * The whole API on a fresh database with real SMTP, driven through app.inject. Cleans up after the file.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  /** `mailer` replaces the real SMTP mailer (the outbox, or a double that holds a mail back) */
  options: Pick<BuildAppOptions, 'speech' | 'jobs' | 'onRoute' | 'webDir' | 'notificationTiming' | 'pushTestOrigin'> &
    Partial<Pick<BuildAppOptions, 'mailer'>> = {},
) {
  const database = await createTestDatabase()
  const smtp = await startSmtpCapture()
  // No real speech engine unless a test asks for one: messages end 'failed' with a clear reason.
  const env = parseEnv({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/hearth-int-data',
    TRANSCRIBE_ENGINE: 'none',
    // nor translation, whatever this machine has installed: the tests that need one name it
    TRANSLATION_ENGINE: 'none',
    // no backup of the shared test cluster's folder at night
    BACKUP_SCHEDULE: 'off',
    // no free-space floor: the disk tests set one; a test machine with little room must still run the rest
    DISK_FLOOR_MB: '0',
    ...overrides,
  })
  const secrets = TEST_SECRETS
  const app = await buildApp({
    env,
    db: database.db,
    pool: database.pool,
    secrets,
    mailer: createSmtpMailer(smtp.url, env.MAIL_FROM),
    ...options,
  })
  await app.ready()
  afterAll(async () => {
    await app.close()
    await database.close()
    await smtp.close()
  })
  return { app, db: database.db, pool: database.pool, smtp, env, databaseUrl: database.url, secrets }
}
