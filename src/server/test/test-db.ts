import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { connectDatabase, type DbHandle } from '#server/db/client.ts'

/** A fresh database for one test file, cloned from the migrated template. */
export async function createTestDatabase(): Promise<DbHandle & { url: string }> {
  const adminUrl = inject('pgAdminUrl')
  const name = `hearth_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE hearth_template`)
  await admin.end()
  const url = adminUrl.replace(/\/postgres$/, `/${name}`)
  return { ...connectDatabase(url, { max: 10 }), url }
}
