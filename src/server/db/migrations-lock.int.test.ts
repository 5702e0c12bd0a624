import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'
import { connectDatabase, runMigrations } from './client.ts'

describe('migrations at start', () => {
  it('run once when several instances start together on an empty database', async () => {
    const adminUrl = inject('pgAdminUrl')
    const name = `hearth_empty_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const instances = [0, 1, 2].map(() => connectDatabase(adminUrl.replace(/\/postgres$/, `/${name}`), { max: 1 }))
    await Promise.all(instances.map((instance) => runMigrations(instance.db)))
    const applied = await instances[0]?.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations')
    expect(applied?.rows[0]?.n).toBeGreaterThanOrEqual(10)
    const tables = await instances[0]?.pool.query(`select 1 from information_schema.tables where table_name = 'request_limits'`)
    expect(tables?.rowCount).toBe(1)
    await Promise.all(instances.map((instance) => instance.close()))
  })
})
