import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadSecrets } from './secrets.ts'

const work = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-secrets-'))
afterAll(() => fs.rm(work, { recursive: true, force: true }))

describe('secrets.json', () => {
  it("gets the app role's database password added to a file an earlier version wrote, keeping every stored secret, private", async () => {
    const dataDir = path.join(work, 'earlier')
    await fs.mkdir(dataDir)
    const file = path.join(dataDir, 'secrets.json')
    const earlier = {
      authSecret: 'a'.repeat(43),
      urlSigningKey: 'u'.repeat(43),
      postgresPassword: 'p'.repeat(24),
      vapidPublicKey: 'v'.repeat(87),
      vapidPrivateKey: 'k'.repeat(43),
    }
    // (an earlier version's file, opened up by hand since)
    await fs.writeFile(file, JSON.stringify(earlier), { mode: 0o644 })

    const secrets = await loadSecrets(dataDir)
    expect(secrets).toMatchObject(earlier)
    expect(secrets.appDatabasePassword).toMatch(/^[\w-]{24}$/)
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual(secrets)
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600)
    expect(await fs.readdir(dataDir)).toEqual(['secrets.json'])

    // the next start reads the same password: the cluster's role keeps it
    expect(await loadSecrets(dataDir)).toEqual(secrets)
  })

  it('makes both database passwords, different, on a first start', async () => {
    const secrets = await loadSecrets(path.join(work, 'first'))
    expect(secrets.postgresPassword).not.toBe(secrets.appDatabasePassword)
    expect((await fs.stat(path.join(work, 'first', 'secrets.json'))).mode & 0o777).toBe(0o600)
  })
})
