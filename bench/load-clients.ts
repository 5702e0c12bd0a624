/**
 * The people of `load.bench.ts`, in a process of their own (it forks this file), as realtime-clients.ts holds those of
 * realtime.bench.ts: real people's phones and browsers run elsewhere, and here their sockets, parsing and timers would
 * take the event loop and CPU of the process that starts the instances. Each person keeps one live socket open (kept
 * from step to step), uploads and sends a voice message once a minute (the first at a random moment), and, told live
 * of a message from their partner, loads the conversation page as the app does. Told a step over IPC, it answers
 * what it measured.
 * Imports nothing of the server's.
 */
import fs from 'node:fs/promises'
import WebSocket from 'ws'
import { ERROR_CODES } from '#shared/error-codes.ts'

export type LoadPerson = { key: string; cookie: string; toPartner: string; url: string }

export type LoadTask =
  | { kind: 'step'; people: LoadPerson[]; windowMs: number; sendEveryMs: number; origin: string; clip: string; clipType: string }
  | { kind: 'close' }

export type LoadStepResult = {
  /** the JSON API's requests (send, conversation page), in ms, sorted */
  latencies: number[]
  /** the uploads', apart: their bodies are hundreds of kB */
  uploads: number[]
  sends: number
  failures: number
  /** sends refused by the rule of 3 unanswered messages: answered, and no failure of the server's */
  limited: number
  /** the slowest JSON requests, to tell which route a high p95 comes from */
  slowest: { what: string; ms: number }[]
  /** JSON requests still unanswered when the step ended: not in the latencies, and a step with any does not hold */
  unfinished: number
  /** this process's own CPU over the step, in seconds: the people's cost, which must not be what saturates */
  clientCpuSeconds: number
  firstFailure?: string
}

const sockets = new Map<string, WebSocket>()
/** what a socket does with a message: set per step, so a socket kept from the last step reports to this one */
const onEvent = new Map<string, (type: string, contactId: string) => void>()

async function open(person: LoadPerson, origin: string) {
  if (sockets.has(person.key)) return
  const socket = new WebSocket(`${person.url.replace(/^http/, 'ws')}/api/realtime`, { headers: { cookie: person.cookie, origin } })
  socket.on('message', (data) => {
    const event = JSON.parse(String(data)) as { type?: string; contact_id?: string }
    onEvent.get(person.key)?.(event.type ?? '', event.contact_id ?? '')
  })
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  sockets.set(person.key, socket)
}

async function runStep(task: Extract<LoadTask, { kind: 'step' }>): Promise<LoadStepResult> {
  const clip = new Uint8Array(await fs.readFile(task.clip))
  // a thousand sockets opened at once would be a burst no step measures: 50 at a time, before the window
  for (let i = 0; i < task.people.length; i += 50) await Promise.all(task.people.slice(i, i + 50).map((p) => open(p, task.origin)))

  const result: LoadStepResult = {
    latencies: [],
    uploads: [],
    sends: 0,
    failures: 0,
    limited: 0,
    slowest: [],
    unfinished: 0,
    clientCpuSeconds: 0,
  }
  const cpuAtStart = process.cpuUsage()
  let inFlight = 0
  const labelled: { what: string; ms: number }[] = []
  let measuring = true
  const fail = (error: unknown) => {
    if (String(error).includes(ERROR_CODES.messageLimit)) result.limited++
    else {
      result.failures++
      result.firstFailure ??= String(error)
    }
  }
  const timed = async (into: number[], what: string, url: string, init: RequestInit = {}) => {
    const started = performance.now()
    // only the JSON requests: uploads are timed apart from the budget
    const json = into === result.latencies
    if (json) inFlight++
    const response = await fetch(url, init).finally(() => void (json && inFlight--))
    const body = await response.text()
    const ms = performance.now() - started
    if (measuring) {
      into.push(ms)
      if (into === result.latencies) labelled.push({ what, ms })
    }
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${what}: ${response.status} ${body}`)
    return body
  }

  for (const person of task.people) {
    onEvent.set(person.key, (type, contactId) => {
      if (type === 'message.created' && contactId === person.toPartner) {
        timed(result.latencies, 'GET conversation page', `${person.url}/api/contacts/${person.toPartner}/messages`, {
          headers: { cookie: person.cookie },
        }).catch(fail)
      }
    })
  }
  const send = async (person: LoadPerson) => {
    const headers = { origin: task.origin, cookie: person.cookie }
    const upload = await timed(result.uploads, 'POST upload', `${person.url}/api/audio`, {
      method: 'POST',
      headers: { ...headers, 'content-type': task.clipType },
      body: clip,
    })
    const { upload_id } = JSON.parse(upload) as { upload_id: string }
    await timed(result.latencies, 'POST send', `${person.url}/api/messages`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ contact_id: person.toPartner, upload_id }),
    })
    result.sends++
  }
  // each person's first message at a random moment of the first minute, then one a minute while the step lasts
  const timers = new Set<NodeJS.Timeout>()
  const sendFrom = (person: LoadPerson, at: number) => {
    if (at >= task.windowMs) return
    const timer = setTimeout(
      () => {
        timers.delete(timer)
        send(person).catch(fail)
        sendFrom(person, at + task.sendEveryMs)
      },
      at - (performance.now() - stepStarted),
    )
    timers.add(timer)
  }
  const stepStarted = performance.now()
  for (const person of task.people) sendFrom(person, Math.random() * task.sendEveryMs)
  await new Promise((resolve) => setTimeout(resolve, task.windowMs))
  for (const timer of timers) clearTimeout(timer)
  // requests still running at the end of the window count too
  await new Promise((resolve) => setTimeout(resolve, 3000))
  measuring = false
  result.unfinished = inFlight
  const cpu = process.cpuUsage(cpuAtStart)
  result.clientCpuSeconds = (cpu.user + cpu.system) / 1e6
  result.latencies.sort((a, b) => a - b)
  result.uploads.sort((a, b) => a - b)
  result.slowest = labelled.sort((a, b) => b.ms - a.ms).slice(0, 5)
  return result
}

process.on('message', (task: LoadTask) => {
  if (task.kind === 'close') {
    for (const socket of sockets.values()) socket.close()
    sockets.clear()
    onEvent.clear()
    process.send?.({ closed: true })
    return
  }
  runStep(task).then(
    (result) => process.send?.(result),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
})
