/**
 * The browsers of `realtime.bench.ts`, in a process of their own (it forks this file): 200 WebSocket clients and the
 * HTTP client that makes the changes. Real browsers run on other machines; in the server's process and event loop
 * every client-side parse and send would wait for, and delay, the server being measured. Told what to do over IPC, it
 * prints the same lines as before and answers the figures; the bench reports them.
 * The clients share the machine's cores with the server, so they are kept light: the changes go through one keep-alive
 * `http.Agent` rather than `fetch` (whose machinery costs more CPU per request), and an
 * event is recognised in its bytes without decoding it. The process's own CPU per change is printed beside the server's.
 */
import http from 'node:http'
import WebSocket from 'ws'
import { PUBLISHED_AT_PREFIX } from './realtime-worker.ts'

export type ClientsTask = {
  base: string
  origin: string
  people: { cookie: string; contactId: string }[]
  tabs: number
  rounds: number
  /** changes made before the timed rounds, as a running instance has made many */
  warmUp: number
  /** how many of the warm-up's first changes are timed apart */
  coldRounds: number
  stepMs: number
  steps: number[]
}

/**
 * Once the result is sent, the sockets stay open for the worker's steps: `measure` starts counting the worker's events
 * (answered `measuring`), `collect` answers what arrived since, `close` ends the process.
 */
export type ClientsCommand = 'measure' | 'collect' | 'close'
/** The worker's events that reached a socket since `measure`, and their publish-to-socket times. */
export type WorkerEventsResult = { delivered: number; p50: number; p99: number; max: number }

/** Where the bench's timed parts begin and end: it measures the server's CPU time between them. */
export type ClientsPhase = { phase: 'rounds' | 'rounds done' | 'steps' | 'steps done' }

export type ClientsResult = {
  latency: { p50: number; p99: number; max: number }
  /** the first `coldRounds` changes of the warm-up: the instance just started, its code not yet compiled */
  cold: { p50: number; p99: number }
  most: { perSecond: number; p99: number }
  best: number
  /** events delivered during all the throughput steps, for the server's CPU per delivered event */
  stepsDelivered: number
}

/** The same percentile as bench/support.ts (not imported: that module loads the whole server). */
function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return NaN
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1)
  return sortedMs[Math.max(0, index)] as number
}
const fmt = (ms: number) => `${ms.toFixed(2)} ms`

/** Tells the bench where the timed rounds begin and end (it measures its own CPU time between them); waits for its answer. */
function phase(name: ClientsPhase['phase']): Promise<void> {
  return new Promise((resolve) => {
    process.once('message', () => resolve())
    process.send?.({ phase: name })
  })
}

type Person = { cookie: string; contactId: string; tabs: WebSocket[]; waiting?: (at: number) => void }

const agent = new http.Agent({ keepAlive: true })

/** A request whose answer is read to its end and dropped (the change's answer is a 204). */
function request(url: string, method: string, headers: Record<string, string>, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const sent = http.request(
      url,
      { method, agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (response) => {
        response.resume()
        response.once('end', resolve)
      },
    )
    sent.once('error', reject)
    sent.end(body)
  })
}

/** The circle-reordered event, found in a frame's bytes without decoding them. */
const REORDERED = Buffer.from('"reordered"')
/** A worker's event: the microseconds of `process.hrtime` it was published at follow. */
const PUBLISHED_AT = Buffer.from(`"message_id":"${PUBLISHED_AT_PREFIX}`)
/** the worker's events since `measure`: publish-to-socket in ms */
let workerLatencies: number[] = []

function workerEventArrived(frame: Buffer, at: number) {
  const start = frame.indexOf(PUBLISHED_AT) + PUBLISHED_AT.length
  const end = frame.indexOf(0x22, start)
  workerLatencies.push((at - Number(frame.toString('latin1', start, end))) / 1000)
}

async function runClients(task: ClientsTask): Promise<ClientsResult> {
  const { base, origin } = task
  let delivered = 0
  const people: Person[] = task.people.map((p) => ({ ...p, tabs: [] }))
  for (const person of people) {
    for (let t = 0; t < task.tabs; t++) {
      const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/realtime`, { headers: { cookie: person.cookie, origin } })
      await new Promise((resolve, reject) => {
        socket.once('open', resolve)
        socket.once('error', reject)
      })
      socket.on('message', (data) => {
        if ((data as Buffer).includes(PUBLISHED_AT)) return workerEventArrived(data as Buffer, Number(process.hrtime.bigint() / 1000n))
        if (!(data as Buffer).includes(REORDERED)) return
        delivered += 1
        if (t === 1) person.waiting?.(performance.now())
      })
      person.tabs.push(socket)
    }
  }
  console.log(`${people.length * task.tabs} clients connected`)

  /** One change by `person` in one tab, timed until it arrives in their other tab. */
  const change = async (person: Person) => {
    const arrived = new Promise<number>((resolve) => {
      person.waiting = resolve
    })
    const started = performance.now()
    await request(
      `${base}/api/contacts/order`,
      'PUT',
      { origin, cookie: person.cookie, 'content-type': 'application/json' },
      JSON.stringify({ contact_ids: [person.contactId] }),
    )
    const ms = (await arrived) - started
    person.waiting = undefined
    return ms
  }

  // The warm-up: V8 compiles a hot function in the background, on threads that take a core, only after it has run
  // many times; in the first rounds after start those compilations meet the changes being timed (decision 191).
  const firstChanges: number[] = []
  for (let round = 0; round < task.warmUp; round++) {
    const ms = await change(people[round % people.length] as Person)
    if (round < task.coldRounds) firstChanges.push(ms)
  }
  firstChanges.sort((a, b) => a - b)
  const cold = { p50: percentile(firstChanges, 50), p99: percentile(firstChanges, 99) }
  console.log(`first ${firstChanges.length} changes after start: p50 ${fmt(cold.p50)}  p99 ${fmt(cold.p99)}`)

  const latencies: number[] = []
  await phase('rounds')
  const cpuAtStart = process.cpuUsage()
  for (let round = 0; round < task.rounds; round++) latencies.push(await change(people[round % people.length] as Person))
  const cpu = process.cpuUsage(cpuAtStart)
  await phase('rounds done')
  console.log(`clients' CPU per change: ${((cpu.user + cpu.system) / task.rounds).toFixed(0)} µs`)
  latencies.sort((a, b) => a - b)
  const latency = { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? NaN }
  console.log(
    `change -> other tab (${task.rounds} rounds after ${task.warmUp}): p50 ${fmt(latency.p50)}  p99 ${fmt(latency.p99)}  max ${fmt(latency.max)}`,
  )

  // Throughput: `concurrent` people change at once, each again as soon as their change arrived, for stepMs.
  let best = 0
  let most = { perSecond: 0, p99: 0 }
  await phase('steps')
  const deliveredBeforeSteps = delivered
  for (const concurrent of task.steps) {
    const stepLatencies: number[] = []
    const before = delivered
    const started = performance.now()
    await Promise.all(
      people.slice(0, concurrent).map(async (person) => {
        while (performance.now() - started < task.stepMs) stepLatencies.push(await change(person))
      }),
    )
    const perSecond = (delivered - before) / ((performance.now() - started) / 1000)
    stepLatencies.sort((a, b) => a - b)
    const p99 = percentile(stepLatencies, 99)
    console.log(
      `${String(concurrent).padStart(3)} at once: ${perSecond.toFixed(0)} events/s delivered, p50 ${fmt(percentile(stepLatencies, 50))}  p99 ${fmt(p99)}`,
    )
    if (perSecond > most.perSecond) most = { perSecond, p99 }
    if (p99 <= 25) best = Math.max(best, perSecond)
    // past 100 ms the machine is saturated: more at once only adds waiting
    if (p99 > 100) break
  }
  const stepsDelivered = delivered - deliveredBeforeSteps
  await phase('steps done')
  agent.destroy()
  process.on('message', (command: ClientsCommand) => {
    if (command === 'measure') {
      workerLatencies = []
      process.send?.('measuring')
    } else if (command === 'collect') {
      const sorted = workerLatencies.sort((a, b) => a - b)
      const result: WorkerEventsResult = {
        delivered: sorted.length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? NaN,
      }
      process.send?.(result)
    } else {
      for (const person of people) for (const socket of person.tabs) socket.close()
      process.exit(0)
    }
  })
  return { latency, cold, most, best, stepsDelivered }
}

process.once('message', (task: ClientsTask) => {
  runClients(task).then(
    (result) => process.send?.(result),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
})
