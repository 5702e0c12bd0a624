/**
 * The floor this machine sets under `realtime.bench.ts`'s change-to-other-tab figure: the same hops without Hearth.
 * A bare node HTTP server with a `ws` socket server runs in this process; a child process (as the browsers in the
 * realtime bench) makes a change over a keep-alive HTTP connection and waits for its event on a WebSocket. The
 * server runs one statement per change on the embedded PostgreSQL (an update of 20 rows and a NOTIFY, committed, as
 * the circle's reorder), then sends the event and answers 204. Rounds back to back, 2,000 after a warm-up of 2,000;
 * prints p50, p95 and p99. No budget: it says how much of the realtime figure is the machine's.
 *
 * `npm run bench:realtime-floor`
 */
import { fork } from 'node:child_process'
import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import WebSocket, { WebSocketServer } from 'ws'
import { startEmbeddedPostgres } from '#server/db/embedded-postgres.ts'
import { fmt, percentile } from './support.ts'

const ROUNDS = 2_000
const WARM_UP = 2_000

type Figures = { p50: number; p95: number; p99: number; max: number }

/** The child: changes over HTTP, and times each until its event arrives on the socket. */
async function runClient(port: number): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const socket = new WebSocket(`ws://127.0.0.1:${port}/`)
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  let arrived: ((at: number) => void) | undefined
  socket.on('message', () => arrived?.(performance.now()))
  const change = async () => {
    const event = new Promise<number>((resolve) => {
      arrived = resolve
    })
    const started = performance.now()
    await new Promise<void>((resolve, reject) => {
      const request = http.request({ port, method: 'PUT', path: '/change', agent }, (response) => {
        response.resume()
        response.on('end', resolve)
      })
      request.on('error', reject)
      request.end('{}')
    })
    return (await event) - started
  }
  for (let i = 0; i < WARM_UP; i++) await change()
  const times: number[] = []
  for (let i = 0; i < ROUNDS; i++) times.push(await change())
  socket.close()
  agent.destroy()
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: times.at(-1) as number }
}

if (process.env.FLOOR_CLIENT_PORT) {
  process.send?.(await runClient(Number(process.env.FLOOR_CLIENT_PORT)))
  process.exit(0)
}

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-floor-'))
await fs.chmod(dir, 0o755)
const database = await startEmbeddedPostgres({
  dir: path.join(dir, 'pg'),
  password: 'floor-bench',
  appPassword: 'floor-bench-app',
  log: () => undefined,
})
const client = new pg.Client({ connectionString: database.url })
await client.connect()
await client.query('create table circle (id int primary key, position int not null)')
await client.query('insert into circle select g, g from generate_series(1, 20) g')
const change = {
  name: 'change',
  text: `with moved as (update circle set position = position + 1 returning 1)
    select pg_notify('floor', 'changed'), (select count(*) from moved)`,
}

const sockets = new Set<WebSocket>()
const server = http.createServer((request, response) => {
  request.resume()
  request.on('end', async () => {
    await client.query(change)
    for (const socket of sockets) socket.send('{"type":"contact.changed"}')
    response.writeHead(204).end()
  })
})
new WebSocketServer({ server }).on('connection', (socket) => {
  sockets.add(socket)
  socket.on('close', () => sockets.delete(socket))
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const { port } = server.address() as { port: number }

console.log(
  `load average before: ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`,
)
const child = fork(fileURLToPath(import.meta.url), { env: { ...process.env, FLOOR_CLIENT_PORT: String(port) }, execArgv: [] })
const figures = await new Promise<Figures>((resolve, reject) => {
  child.once('message', (message) => resolve(message as Figures))
  child.once('exit', (code) => reject(new Error(`the client ended with code ${code}`)))
})
console.log(
  `bare change -> other socket (${ROUNDS} rounds): p50 ${fmt(figures.p50)}  p95 ${fmt(figures.p95)}  p99 ${fmt(figures.p99)}  max ${fmt(figures.max)}`,
)
server.closeAllConnections()
server.close()
await client.end()
await database.stop()
await fs.rm(dir, { recursive: true, force: true })
process.exit(0)
