/**
 * Playback figures: time from pressing Play to the audio element's first `playing` event for a 5-minute
 * voice message (Opus in WebM, 64 kbps, ~2.4 MB), in Debian's Chromium against the built app on loopback. Measured
 * in the page, from the click event's time stamp to the `playing` event, each run in a fresh browser context (empty
 * HTTP cache):
 * - on /playback/{id}, where the screen prepares the track (metadata) as it opens and Play is pressed after that;
 * - on the conversation (/contacts/{id}), where a card's Play starts from nothing.
 * Needs dist/web (`npx vite build`); `npm run bench:playback`. Prints figures; asserts nothing.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from '@playwright/test'
import { freePort } from '#server/db/embedded-postgres.ts'
import { insertPerson } from '#server/test/data.ts'
import { buildBenchApp, fmt, percentile, startBenchDatabase } from './support.ts'

const RUNS = 15
const webDir = fileURLToPath(new URL('../dist/web', import.meta.url))
if (!fs.existsSync(path.join(webDir, 'index.html'))) {
  console.error('dist/web is missing: run `npx vite build` first')
  process.exit(1)
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-playback-'))
const clip = path.join(dataDir, 'five-minutes.webm')
execFileSync('ffmpeg', [
  '-v',
  'error',
  '-f',
  'lavfi',
  '-i',
  'sine=frequency=220:beep_factor=4:duration=300',
  '-c:a',
  'libopus',
  '-b:a',
  '64k',
  '-y',
  clip,
])

const database = await startBenchDatabase()
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const { app } = await buildBenchApp(database, dataDir, { PUBLIC_URL: base }, { webDir })
await app.listen({ port, host: '127.0.0.1' })

const person = (name: string) => insertPerson(database.db, { name })

/** A fresh context (empty cache) signed in as `who`. */
async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL: base })
  const response = await context.request.post('/api/auth/sign-in/email', {
    data: { email: who.email, password: who.password },
    headers: { origin: base },
  })
  if (response.status() !== 200) throw new Error(`sign-in failed: ${response.status()}`)
  return context.newPage()
}

// Runs in the page as written (a string, so the bundler's helpers stay out): notes the click's time stamp and the
// first `playing` of the shared element, which is made on the player's first use when it is not there yet.
const MARK_SCRIPT = `(() => {
  const marks = (window.benchMarks = {})
  document.addEventListener('click', (event) => { if (marks.click === undefined) marks.click = event.timeStamp }, { capture: true })
  marks.playing = new Promise((resolve) => {
    const find = () => document.querySelector('audio[data-slot="audio-player"]')
    const existing = find()
    if (existing) return existing.addEventListener('playing', () => resolve(performance.now()), { once: true })
    new MutationObserver((_, observer) => {
      const made = find()
      if (!made) return
      observer.disconnect()
      made.addEventListener('playing', () => resolve(performance.now()), { once: true })
    }).observe(document.body, { childList: true })
  })
})()`

/** Presses the named Play button and answers the ms from the click event to the shared element's first `playing`. */
async function pressToPlaying(page: Page, name: string): Promise<number> {
  await page.evaluate(MARK_SCRIPT)
  await page.getByRole('button', { name, exact: true }).first().click()
  return page.evaluate('window.benchMarks.playing.then((at) => at - window.benchMarks.click)') as Promise<number>
}

function report(label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  console.log(
    `${label} (${sorted.length} runs): p50 ${fmt(percentile(sorted, 50))}  p95 ${fmt(percentile(sorted, 95))}  min ${fmt(sorted[0] ?? NaN)}  max ${fmt(sorted.at(-1) ?? NaN)}`,
  )
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
try {
  const ada = await person('Ada')
  const bob = await person('Bob')
  const adaPage = await signedIn(browser, ada)
  const connect = await adaPage.request.post('/api/contacts/connect', { data: { user_id: bob.id }, headers: { origin: base } })
  const adaToBob = ((await connect.json()) as { contact: { id: string } }).contact.id
  const upload = await adaPage.request.post('/api/audio', {
    data: fs.readFileSync(clip),
    headers: { 'content-type': 'audio/webm', origin: base },
  })
  const { upload_id, duration_seconds } = (await upload.json()) as { upload_id: string; duration_seconds: number }
  const sent = await adaPage.request.post('/api/messages', { data: { contact_id: adaToBob, upload_id }, headers: { origin: base } })
  const messageId = ((await sent.json()) as { id: string }).id
  await adaPage.context().close()
  console.log(`message: ${(fs.statSync(clip).size / 1e6).toFixed(2)} MB, ${duration_seconds.toFixed(1)} s (Opus/WebM 64 kbps)`)

  // Ada listens to her own message, so nothing is marked read between runs.
  const onScreen: number[] = []
  const onCard: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const page = await signedIn(browser, ada)
    await page.goto(`/playback/${messageId}`)
    await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('audio[data-slot="audio-player"]')?.readyState ?? 0) >= 1)
    onScreen.push(await pressToPlaying(page, 'Play message from you'))
    await page.context().close()

    const card = await signedIn(browser, ada)
    await card.goto(`/contacts/${adaToBob}`)
    await card.getByRole('button', { name: 'Play message from you' }).waitFor()
    onCard.push(await pressToPlaying(card, 'Play message from you'))
    await card.context().close()
  }
  report('Play -> playing on /playback (metadata prepared on open)', onScreen)
  report('Play -> playing on a conversation card (from nothing)', onCard)
} finally {
  await browser.close()
  await app.close()
  await database.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
