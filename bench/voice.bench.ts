/**
 * Voice message figures (issue: Voice messages): time from the first byte of a 10-minute, ~4.8 MB recording to
 * its stored upload answer, the server's peak RSS growth meanwhile, and send-to-receiver-event latency over
 * loopback. Run with `npm run bench:voice`. Prints figures; asserts nothing.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import WebSocket from 'ws'
import { prepareRecording } from '#server/media/audio.ts'
import { insertPerson } from '#server/test/data.ts'
import { signInOverHttp } from '#server/test/sign-in.ts'
import { buildBenchApp, fmt, percentile, reportFigure, startBenchDatabase } from './support.ts'

const SENDS = 200
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-voice-'))
const clip = path.join(dataDir, 'ten-minutes.webm')
// 600 s of a changing tone as Opus at 64 kbps: about 4.8 MB, like a 10-minute browser recording
execFileSync('ffmpeg', [
  '-v',
  'error',
  '-f',
  'lavfi',
  '-i',
  'sine=frequency=220:beep_factor=4:duration=600',
  '-c:a',
  'libopus',
  '-b:a',
  '64k',
  '-y',
  clip,
])
const clipBytes = fs.statSync(clip).size
// 20 s as Chromium's MediaRecorder makes it: Opus in WebM written live, with no duration and no cues
const twentySeconds = path.join(dataDir, 'twenty-seconds.webm')
execFileSync('ffmpeg', [
  ...['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=220:beep_factor=4:duration=20'],
  ...['-ac', '1', '-ar', '48000', '-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', '-live', '1', '-y', twentySeconds],
])
const CPU_SAMPLES = 5
/** measured on 2026-11-26 on two cores before a recording was kept as recorded: decoded, encoded to AAC, decoded again */
const BEFORE_CPU_SECONDS = 0.64
/** before uploads were stored as received (decision 168's figure): decoded to measure and re-wrapped on the request */
const BEFORE_REQUEST_CPU_SECONDS = 0.35

/** CPU seconds this process and the children it has waited for (ffmpeg) have spent so far: utime, stime, cutime, cstime. */
function cpuSecondsSoFar(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')
  // fields after the name: the 14th..17th of the whole line are utime, stime, cutime, cstime, in clock ticks
  const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0)
  return ticks / 100
}

const database = await startBenchDatabase()
// speech work would compete with the figures measured here; bench:speech measures it
const { app, env } = await buildBenchApp(database, dataDir)
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
const origin = env.publicUrl

async function person(name: string) {
  const inserted = await insertPerson(database.db, { name })
  return { id: inserted.id, cookie: await signInOverHttp(base, inserted, origin) }
}

const api = (method: string, url: string, cookie: string, body?: unknown) =>
  fetch(`${base}${url}`, {
    method,
    headers: { origin, cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

try {
  const ada = await person('Ada')
  const bob = await person('Bob')
  const adaToBob = (
    (await (await api('POST', '/api/contacts/connect', ada.cookie, { user_id: bob.id })).json()) as { contact: { id: string } }
  ).contact.id
  // Bob presses Message back: one press alone would leave him a message request (decision 123)
  const bobToAda = (
    (await (await api('POST', '/api/contacts/connect', bob.cookie, { user_id: ada.id })).json()) as { contact: { id: string } }
  ).contact.id

  // Upload: one 10-minute recording, timed and with the server's memory sampled meanwhile.
  const rssBefore = process.memoryUsage().rss
  let rssPeak = rssBefore
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20)
  const started = performance.now()
  const upload = await fetch(`${base}/api/audio`, {
    method: 'POST',
    headers: { origin, cookie: ada.cookie, 'content-type': 'audio/webm' },
    body: fs.createReadStream(clip) as unknown as BodyInit,
    duplex: 'half',
  } as RequestInit)
  const uploadMs = performance.now() - started
  clearInterval(sampler)
  const stored = (await upload.json()) as { upload_id: string; duration_seconds: number }
  console.log(
    `upload of ${(clipBytes / 1e6).toFixed(2)} MB, ${stored.duration_seconds.toFixed(1)} s of audio: ${(uploadMs / 1000).toFixed(2)} s to stored`,
  )
  console.log(`server RSS growth during the upload: ${((rssPeak - rssBefore) / 1048576).toFixed(1)} MiB (same process as the client here)`)

  // CPU per stored message: what storing one 20 s recording costs on the request (the client's share included), then
  // what the message's job adds to make it playable and measure it (the one pass, decision 174; speech not counted)
  const twentyBody = fs.readFileSync(twentySeconds)
  const requestCpuBefore = cpuSecondsSoFar()
  for (let i = 0; i < CPU_SAMPLES; i++) {
    const response = await fetch(`${base}/api/audio`, {
      method: 'POST',
      headers: { origin, cookie: ada.cookie, 'content-type': 'audio/webm', 'x-recording-seconds': '20' },
      body: twentyBody,
    })
    if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`)
  }
  const requestCpu = (cpuSecondsSoFar() - requestCpuBefore) / CPU_SAMPLES
  const jobCpuBefore = cpuSecondsSoFar()
  for (let i = 0; i < CPU_SAMPLES; i++) {
    const work = fs.mkdtempSync(path.join(dataDir, 'pass-'))
    await prepareRecording(twentySeconds, work)
    fs.rmSync(work, { recursive: true, force: true })
  }
  const jobCpu = (cpuSecondsSoFar() - jobCpuBefore) / CPU_SAMPLES
  await reportFigure({
    measure: 'CPU on the request path per upload (20 s WebM/Opus, server and ffmpeg)',
    value: requestCpu,
    unit: 's',
    before: BEFORE_REQUEST_CPU_SECONDS,
  })
  await reportFigure({
    measure: 'CPU per stored message (20 s WebM/Opus, request + job, server and ffmpeg)',
    value: requestCpu + jobCpu,
    unit: 's',
    before: BEFORE_CPU_SECONDS,
  })

  // Send -> receiver's event latency: small uploads made beforehand, Bob replies each time so the limit never bites.
  const bobSocket = new WebSocket(`${base.replace('http', 'ws')}/api/realtime`, { headers: { cookie: bob.cookie, origin } })
  const adaSocket = new WebSocket(`${base.replace('http', 'ws')}/api/realtime`, { headers: { cookie: ada.cookie, origin } })
  await Promise.all([bobSocket, adaSocket].map((s) => new Promise((resolve) => s.once('open', resolve))))
  const small = path.join(dataDir, 'short.webm')
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=300:duration=2',
    '-c:a',
    'libopus',
    '-b:a',
    '32k',
    '-y',
    small,
  ])
  const smallBody = fs.readFileSync(small)
  const uploadSmall = async (cookie: string) =>
    (
      (await (
        await fetch(`${base}/api/audio`, { method: 'POST', headers: { origin, cookie, 'content-type': 'audio/webm' }, body: smallBody })
      ).json()) as { upload_id: string }
    ).upload_id

  const latencies: number[] = []
  for (let i = 0; i < SENDS; i++) {
    const [from, to, contactId, socket] = i % 2 === 0 ? [ada, bob, adaToBob, bobSocket] : [bob, ada, bobToAda, adaSocket]
    void to
    const uploadId = await uploadSmall(from.cookie)
    const arrived = new Promise<number>((resolve) => socket.once('message', () => resolve(performance.now())))
    const sentAt = performance.now()
    const response = await api('POST', '/api/messages', from.cookie, { contact_id: contactId, upload_id: uploadId })
    if (response.status !== 201) throw new Error(`send failed: ${response.status} ${await response.text()}`)
    latencies.push((await arrived) - sentAt)
  }
  latencies.sort((a, b) => a - b)
  console.log(`send -> receiver event (${SENDS}): p50 ${fmt(percentile(latencies, 50))}  p99 ${fmt(percentile(latencies, 99))}`)
  bobSocket.close()
  adaSocket.close()
} finally {
  await app.close()
  await database.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
