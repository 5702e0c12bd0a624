import path from 'node:path'
import { parseEnvOrExit } from '#server/env.ts'
import { createObjectStorage } from '#server/media/object-storage.ts'
import { createLocalStorage } from '#server/media/storage.ts'
import { migrateStorage } from '#server/media/storage-migrate.ts'

/**
 * `npm run storage:migrate`: copies DATA_DIR/media to the S3 bucket the environment names (STORAGE_DRIVER=s3 and the
 * S3_* variables, as Hearth will start with). Run it again until it reports 0 failed; then start Hearth on S3.
 * The local files stay until you remove them.
 */
const env = parseEnvOrExit(process.env)
if (env.STORAGE_DRIVER !== 's3') {
  console.error('storage:migrate copies local objects to S3: set STORAGE_DRIVER=s3 and the S3_* variables first (see docs/deploy.md)')
  process.exit(1)
}
const target = await createObjectStorage(env)
try {
  await target.verify()
  const result = await migrateStorage({
    from: createLocalStorage(path.join(env.dataDir, 'media')),
    to: target.storage,
    tmpDir: path.join(env.dataDir, 'tmp'),
    log: (line) => console.log(line),
  })
  process.exitCode = result.failed > 0 ? 1 : 0
} catch (error) {
  console.error(`storage:migrate: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
} finally {
  target.close()
}
