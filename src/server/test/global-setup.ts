import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { connectDatabase, runMigrations } from '#server/db/client.ts'
import { startEmbeddedPostgres } from '#server/db/embedded-postgres.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string
  }
}

export const TEMPLATE_DB = 'hearth_template'

/**
 * One throw-away PostgreSQL per test run, on a free port. Migrations run once into a template database;
 * each test file clones it (see test-db.ts), so files never see each other's rows.
 */
export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-int-'))
  await fs.chmod(dir, 0o755)
  const database = await startEmbeddedPostgres({
    dir: path.join(dir, 'pg'),
    password: 'hearth-test',
    appPassword: 'hearth-test-app',
    log: () => undefined,
    settings: { max_connections: '200' },
  })
  // the suite's databases are made and used as the superuser: some tests need it (session_replication_role)
  const adminUrl = `postgres://postgres:hearth-test@127.0.0.1:${database.port}/postgres`

  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`)
  await admin.end()
  const template = connectDatabase(adminUrl.replace(/\/postgres$/, `/${TEMPLATE_DB}`), { max: 1 })
  await runMigrations(template.db)
  await template.close()

  project.provide('pgAdminUrl', adminUrl)
  return async () => {
    await database.stop()
    await fs.rm(dir, { recursive: true, force: true })
  }
}
