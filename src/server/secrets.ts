import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'

const secretsSchema = z.object({
  authSecret: z.string().min(32),
  urlSigningKey: z.string().min(32),
  postgresPassword: z.string().min(16),
})
export type Secrets = z.infer<typeof secretsSchema>

const generate = (): Secrets => ({
  authSecret: randomBytes(32).toString('base64url'),
  urlSigningKey: randomBytes(32).toString('base64url'),
  postgresPassword: randomBytes(18).toString('base64url'),
})

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
  const secrets = secretsSchema.parse(merged)
  if (Object.keys(stored).length !== Object.keys(merged).length) {
    await fs.mkdir(dataDir, { recursive: true })
    await fs.writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 })
  }
  return secrets
}
