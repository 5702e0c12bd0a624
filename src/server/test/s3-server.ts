import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

/** s3rver's fixed credentials: it checks SigV4 signatures (headers and presigned query strings) made with them. */
const ACCESS_KEY = 'S3RVER'

/**
 * A real S3-compatible server (s3rver) on a free loopback port with one empty bucket, its objects in a temporary
 * folder. Answers the environment that points Hearth at it, close(), and stop() / start() for a store that goes away
 * and comes back on the same port with the same objects (the fault suite's store outage).
 */
export async function startS3Server(bucket = 'hearth-test') {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-s3-'))
  const serve = (port: number) => new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] })
  let server: S3rver | null = serve(0)
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const env = {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    S3_FORCE_PATH_STYLE: 'true',
  }
  return {
    endpoint,
    bucket,
    env,
    config: { endpoint, region: 'us-east-1', bucket, accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY, forcePathStyle: true },
    /** closes the server and keeps its objects: requests to the store are refused until start() */
    async stop() {
      await server?.close()
      server = null
    },
    async start() {
      if (server) return
      server = serve(port)
      await server.run()
    },
    async close() {
      await server?.close()
      server = null
      await fs.rm(directory, { recursive: true, force: true })
    },
  }
}
