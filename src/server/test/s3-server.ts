import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

/** s3rver's fixed credentials: it checks SigV4 signatures (headers and presigned query strings) made with them. */
const ACCESS_KEY = 'S3RVER'

/**
 * A real S3-compatible server (s3rver) on a free loopback port with one empty bucket, its objects in a temporary
 * folder. Answers the environment that points Hearth at it, `stop()` and `restart()` (the store going away and
 * coming back on the same port with the same objects), and close().
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
    /** the store goes away: connections to its port are refused */
    async stop() {
      await server?.close()
      server = null
    },
    /** the store comes back where it was, with what it held */
    async restart() {
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

/**
 * A store that times out: a loopback TCP server that accepts every connection and never answers a byte. Answers
 * its endpoint and close().
 */
export async function startSilentServer() {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => undefined)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
