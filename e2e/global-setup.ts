import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, startEmbeddedPostgres } from '#server/db/embedded-postgres.ts'
import { buildServerIfStale, serverEntry } from '../scripts/server-build.mjs'
import { startMailDrop } from './support/mail-drop.ts'
import { OIDC_CLIENT, startOidcProvider } from './support/oidc-provider.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

async function waitForHealth(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited early:\n${log()}`)
    try {
      const response = await fetch(`${url}/api/health`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`the app did not become healthy:\n${log()}`)
}

/**
 * Starts everything the end-to-end tests talk to: a throw-away PostgreSQL, a real SMTP server, a local
 * OpenID Connect provider standing in for Google, and the built app itself, as a person would run it.
 */
export default async function globalSetup() {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-e2e-'))
  await fs.chmod(work, 0o755)
  const [appPort, oidcPort] = [await freePort(), await freePort()]
  const appUrl = `http://127.0.0.1:${appPort}`

  const database = await startEmbeddedPostgres({
    dir: path.join(work, 'pg'),
    password: 'hearth-e2e',
    appPassword: 'hearth-e2e-app',
    log: () => undefined,
    settings: { max_connections: '200' },
  })
  const mailDir = path.join(work, 'mail')
  const mail = await startMailDrop(mailDir)
  const oidc = await startOidcProvider(oidcPort, `${appUrl}/api/auth/callback/google`)

  // the compiled server with the node flags of `npm start` (package.json), as a person runs it (decision 107); the
  // web app is already built (`npm run test:e2e` runs vite build first)
  await buildServerIfStale(console.log)
  const { scripts } = JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
  const nodeFlags = scripts.start.split(' ').filter((word) => word.startsWith('--'))
  let output = ''
  const child = spawn(process.execPath, [...nodeFlags, serverEntry()], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(appPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: appUrl,
      DATA_DIR: path.join(work, 'data'),
      DATABASE_URL: database.url,
      SMTP_URL: mail.url,
      GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
      GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
      GOOGLE_ISSUER_URL: oidc.issuer,
      // Rate limits are covered by integration tests; parallel browser tests share one address.
      RATE_LIMIT_ENABLED: 'false',
      // the disk's floor is tested by integration tests; a test machine with little room must still run the rest
      DISK_FLOOR_MB: '0',
      // the offline engine that CI installs; the speech test skips without it
      TRANSCRIBE_ENGINE: 'pocketsphinx',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk) => (output += String(chunk)))
  child.stderr?.on('data', (chunk) => (output += String(chunk)))
  await waitForHealth(appUrl, child, () => output)

  process.env.E2E_BASE_URL = appUrl
  process.env.E2E_DATABASE_URL = database.url
  process.env.E2E_MAIL_DIR = mailDir

  return async () => {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    await Promise.all([mail.close(), oidc.close()])
    await database.stop()
    await fs.rm(work, { recursive: true, force: true })
  }
}
