import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import webpush from 'web-push'
import { z } from 'zod'

const secretsSchema = z.object({
  authSecret: z.string().min(32),
  urlSigningKey: z.string().min(32),
  /** the embedded PostgreSQL's superuser `postgres`: used only to set the cluster up at each start (decision 208) */
  postgresPassword: z.string().min(16),
  /** the embedded PostgreSQL's role `hearth`, which owns Hearth's database and is all the app connects as */
  appDatabasePassword: z.string().min(16),
  /** the Web Push (VAPID) key pair, base64url; VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY replace it */
  vapidPublicKey: z.string().min(80),
  vapidPrivateKey: z.string().min(40),
})
export type Secrets = z.infer<typeof secretsSchema>

const generate = (): Secrets => {
  const vapid = webpush.generateVAPIDKeys()
  return {
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
    authSecret: randomBytes(32).toString('base64url'),
    urlSigningKey: randomBytes(32).toString('base64url'),
    postgresPassword: randomBytes(18).toString('base64url'),
    appDatabasePassword: randomBytes(18).toString('base64url'),
  }
}

/**
 * Secrets are generated on the first start and kept in DATA_DIR/secrets.json (mode 600), so that
 * sessions and signed URLs survive restarts. Missing keys (added by a newer version) are filled in.
 */
export async function loadSecrets(dataDir: string): Promise<Secrets> {
  const file = path.join(dataDir, 'secrets.json')
  let stored: Record<string, unknown> = {}
  try {
    stored = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`Cannot read ${file}: ${String(error)}`)
  }
  const merged = { ...generate(), ...stored }
  // a key pair is kept whole: half a stored pair (an edited file) is replaced by a fresh pair
  if (!stored.vapidPublicKey || !stored.vapidPrivateKey) {
    const fresh = webpush.generateVAPIDKeys()
    merged.vapidPublicKey = fresh.publicKey
    merged.vapidPrivateKey = fresh.privateKey
  }
  const secrets = secretsSchema.parse(merged)
  if (Object.keys(stored).length !== Object.keys(merged).length || stored.vapidPublicKey !== merged.vapidPublicKey) {
    await fs.mkdir(dataDir, { recursive: true })
    // written whole beside it, then renamed: a start cut off meanwhile leaves the old file, whose passwords the
    // database cluster still holds, rather than half a new one; private from its first byte
    const written = `${file}.${randomBytes(6).toString('hex')}.tmp`
    await fs.writeFile(written, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' })
    await fs.rename(written, file)
  }
  return secrets
}
