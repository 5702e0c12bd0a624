/**
 * Requests per delivered message: what the web asks the server for, per tab, while a voice message arrives and lives
 * its life (sent, claimed for transcription, transcribed, analysed). Bob has Hearth open in two tabs of Debian's
 * Chromium, home and his conversation with Ada; Ada sends N short voice messages through the API, one at a time, with
 * transcription running (the OpenAI-compatible test speech server on loopback) and analysis offline. After each, the
 * bench waits until the message is analysed on the server, both tabs show it (the transcript on the conversation, the
 * unread count on home) and neither tab has asked for anything for a while (longer than the realtime debounce and
 * refetch guard), then counts the HTTP requests each tab made. The realtime socket is not counted; the audio would
 * be, but the player fetches it only on Play and nobody presses it here.
 * Needs dist/web (`npx vite build`); `npm run bench:requests`. Prints figures; asserts nothing.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Page } from '@playwright/test'
import { sql } from 'drizzle-orm'
import { REALTIME_DEBOUNCE_MS, REALTIME_PATH, REALTIME_REFETCH_GUARD_MS } from '#shared/realtime.ts'
import { freePort } from '#server/db/embedded-postgres.ts'
import { insertPerson } from '#server/test/data.ts'
import { signInOverHttp } from '#server/test/sign-in.ts'
import { buildBenchApp, reportFigure, startBenchDatabase } from './support.ts'

const MESSAGES = 5
/** no request for this long after a message's last change: every refetch the realtime scheduler would make is made */
const QUIET_MS = REALTIME_DEBOUNCE_MS + REALTIME_REFETCH_GUARD_MS + 1000
/** measured on this bench before events carried what changed (2026-11-26, two cores, seven other jobs running) */
const BEFORE = { home: 7.2, conversation: 5.4 }

const webDir = fileURLToPath(new URL('../dist/web', import.meta.url))
if (!fs.existsSync(path.join(webDir, 'index.html'))) {
  console.error('dist/web is missing: run `npx vite build` first')
  process.exit(1)
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-requests-'))
const clip = path.join(dataDir, 'short.webm')
execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=300:duration=2', '-c:a', 'libopus', '-b:a', '32k', '-y', clip])
const clipBody = fs.readFileSync(clip)

/** what the speech server hears in every message: enough clear words to be analysed */
const SPOKEN_TEXT = 'I am so happy we talked about the garden today.'
// an OpenAI-compatible transcription endpoint on loopback, answering at once with word times
const speech = http.createServer((request, response) => {
  request.resume()
  request.on('end', () => {
    const words = SPOKEN_TEXT.split(' ').map((word, i) => ({ word, start: i * 0.2, end: i * 0.2 + 0.18 }))
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: SPOKEN_TEXT, language: 'english', words }))
  })
})
await new Promise<void>((resolve) => speech.listen(0, '127.0.0.1', resolve))
const speechUrl = `http://127.0.0.1:${(speech.address() as AddressInfo).port}/v1`
const database = await startBenchDatabase()
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const { app } = await buildBenchApp(
  database,
  dataDir,
  { PUBLIC_URL: base, TRANSCRIBE_ENGINE: 'openai', OPENAI_BASE_URL: speechUrl, OPENAI_API_KEY: 'bench' },
  { webDir },
)
await app.listen({ port, host: '127.0.0.1' })

const api = async <T>(method: string, url: string, cookie: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { origin: base, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** Counts a tab's HTTP requests (the realtime socket's upgrade left out) and when the last one started. */
function countRequests(page: Page) {
  const counter = { count: 0, lastAt: performance.now(), urls: [] as string[] }
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === REALTIME_PATH) return
    counter.count++
    counter.lastAt = performance.now()
    counter.urls.push(`${request.method()} ${url.pathname}${url.search}`)
  })
  return counter
}

type Counter = ReturnType<typeof countRequests>

/** Waits until neither tab has started a request for QUIET_MS. */
async function quiet(counters: Counter[]) {
  for (;;) {
    const since = performance.now() - Math.max(...counters.map((c) => c.lastAt))
    if (since >= QUIET_MS) return
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS - since))
  }
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
try {
  const adaRow = await insertPerson(database.db, { name: 'Ada' })
  const bobRow = await insertPerson(database.db, { name: 'Bob' })
  const ada = await signInOverHttp(base, adaRow)
  const bob = await signInOverHttp(base, bobRow)
  const adaToBob = (await api<{ contact: { id: string } }>('POST', '/api/contacts/connect', ada, { user_id: bobRow.id })).contact.id
  // Bob presses Message back: one press alone would leave Ada's messages as a request (decision 123)
  const bobToAda = (await api<{ contact: { id: string } }>('POST', '/api/contacts/connect', bob, { user_id: adaRow.id })).contact.id

  const context = await browser.newContext({ baseURL: base })
  const signIn = await context.request.post('/api/auth/sign-in/email', {
    data: { email: bobRow.email, password: bobRow.password },
    headers: { origin: base },
  })
  if (signIn.status() !== 200) throw new Error(`sign-in failed: ${signIn.status()}`)
  const home = await context.newPage()
  const conversation = await context.newPage()
  const homeCount = countRequests(home)
  const conversationCount = countRequests(conversation)
  await home.goto('/')
  await home.getByRole('link', { name: /Ada/ }).first().waitFor()
  await conversation.goto(`/contacts/${bobToAda}`)
  await conversation.getByRole('region', { name: 'Messages' }).waitFor()
  await quiet([homeCount, conversationCount])
  const opened = { home: homeCount.count, conversation: conversationCount.count }
  const openedUrls = { home: homeCount.urls.length, conversation: conversationCount.urls.length }

  for (let sent = 1; sent <= MESSAGES; sent++) {
    // Bob never answers here: start Ada's count of unanswered messages again so the limit of three never bites
    await database.db.execute(sql`update contacts set consecutive_messages_sent = 0`)
    const { upload_id } = await fetch(`${base}/api/audio`, {
      method: 'POST',
      headers: { origin: base, cookie: ada, 'content-type': 'audio/webm' },
      body: clipBody,
    }).then((r) => r.json() as Promise<{ upload_id: string }>)
    const sentAt = performance.now()
    const message = await api<{ id: string }>('POST', '/api/messages', ada, { contact_id: adaToBob, upload_id })
    // the last stage on the server: analysed (sentiment set) or ended without it
    for (;;) {
      const state = await api<{ processing_status: string; sentiment: number | null }>('GET', `/api/messages/${message.id}`, ada)
      if (state.processing_status === 'failed') throw new Error('transcription failed')
      if (state.processing_status === 'completed' && state.sentiment !== null) break
      if (performance.now() - sentAt > 60_000) throw new Error(`message ${sent} not analysed within a minute: ${state.processing_status}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await conversation
      .locator('[data-slot="message-card"]', { hasText: SPOKEN_TEXT })
      .nth(sent - 1)
      .waitFor()
    await home
      .locator('[data-slot="unread-badge"]', { hasText: String(sent) })
      .first()
      .waitFor()
    await quiet([homeCount, conversationCount])
  }

  const perMessage = (counter: Counter, before: number) => (counter.count - before) / MESSAGES
  console.log(`home tab asked for: ${homeCount.urls.slice(openedUrls.home).join(', ')}`)
  console.log(`conversation tab asked for: ${conversationCount.urls.slice(openedUrls.conversation).join(', ')}`)
  await reportFigure({
    measure: 'requests per delivered message, home tab',
    value: perMessage(homeCount, opened.home),
    unit: 'requests',
    budget: 2,
    before: BEFORE.home,
  })
  await reportFigure({
    measure: 'requests per delivered message, conversation tab',
    value: perMessage(conversationCount, opened.conversation),
    unit: 'requests',
    budget: 2,
    before: BEFORE.conversation,
  })
  await context.close()
} finally {
  await browser.close()
  await app.close()
  await database.stop()
  speech.closeAllConnections()
  speech.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
