import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, type APIRequestContext, type BrowserContextOptions, type LaunchOptions, type Page } from '@playwright/test'
import { inArray } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { audioMessages } from '#server/db/schema.ts'
import { DECLARED_SECONDS_HEADER } from '#shared/messages.ts'
import type { InsertedPerson } from '#server/test/data.ts'

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-e2e-audio-'))
// Each worker makes its own folder of tones; it goes with the worker (its browsers have closed by then).
process.on('exit', () => fs.rmSync(folder, { recursive: true, force: true }))

/** A sine tone written by ffmpeg to `file` once (later calls find it), with the output options given. */
function sineTone(file: string, seconds: number, frequency: number, output: string[]): string {
  if (!fs.existsSync(file)) {
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${frequency}:sample_rate=48000:duration=${seconds}`,
      ...output,
      '-y',
      file,
    ])
  }
  return file
}

/** A tone made by ffmpeg: Opus in WebM as browsers upload it, or WAV for Chromium's fake microphone. */
export function tone(seconds: number, frequency = 330, format: 'webm' | 'wav' = 'webm'): string {
  const file = path.join(folder, `tone-${seconds}s-${frequency}.${format}`)
  return sineTone(file, seconds, frequency, format === 'webm' ? ['-c:a', 'libopus'] : [])
}

/**
 * A tone in WebM/Opus as a browser's MediaRecorder writes it: streamed, so with no length and no cues. Until it has
 * played to the end a browser knows no length for it (Chromium says Infinity).
 */
export function recorderTone(seconds: number, frequency = 330): string {
  const file = path.join(folder, `recorder-tone-${seconds}s-${frequency}.webm`)
  return sineTone(file, seconds, frequency, ['-c:a', 'libopus', '-live', '1'])
}

/** Digital silence as a WAV, for a fake microphone that hears nothing (a muted one). */
export function silence(seconds: number): string {
  const file = path.join(folder, `silence-${seconds}s.wav`)
  if (!fs.existsSync(file)) {
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `anullsrc=r=48000:cl=mono`, '-t', String(seconds), '-y', file])
  }
  return file
}

/** Chromium records from a fake microphone that plays `wavFile`. */
export function fakeMicrophone(wavFile: string): LaunchOptions {
  return {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wavFile}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  }
}

const origin = () => process.env.E2E_BASE_URL ?? ''

/** A file's length in seconds, as ffprobe reads it (once per file). */
const lengths = new Map<string, number>()
function lengthOf(file: string): number {
  let seconds = lengths.get(file)
  if (seconds === undefined) {
    const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' })
    seconds = Number(out.trim())
    lengths.set(file, seconds)
  }
  return seconds
}

/**
 * Sends a recording the way the record page does: upload the audio with the length the recorder declares (the message
 * shows it until the server has measured the recording, decision 174), then send the upload (decision 22).
 * `declared: false` uploads it as a recorder that declared no length does (stored as 0 s until the job measures it).
 */
export async function sendRecording(
  request: APIRequestContext,
  contactId: string,
  file: string,
  contentType = 'audio/webm',
  { declared = true }: { declared?: boolean } = {},
): Promise<string> {
  const upload = await request.post('/api/audio', {
    data: fs.readFileSync(file),
    headers: {
      'content-type': contentType,
      origin: origin(),
      ...(declared && { [DECLARED_SECONDS_HEADER]: lengthOf(file).toFixed(2) }),
    },
  })
  expect(upload.status()).toBe(201)
  const { upload_id } = (await upload.json()) as { upload_id: string }
  const sent = await request.post('/api/messages', { data: { contact_id: contactId, upload_id }, headers: { origin: origin() } })
  expect(sent.status()).toBe(201)
  return ((await sent.json()) as { id: string }).id
}

/** The signed-in person's contact id for someone, by the name they see. */
export async function contactIdOf(request: APIRequestContext, name: string): Promise<string> {
  const { contacts } = (await (await request.get('/api/contacts')).json()) as { contacts: { id: string; name: string }[] }
  const found = contacts.find((c) => c.name === name)
  if (!found) throw new Error(`no contact ${name}`)
  return found.id
}

/** On an invitation flow's recording step: two seconds of the fake microphone, stop. */
export async function recordInvitationMessage(page: Page) {
  await page.getByRole('button', { name: 'Record your message' }).click()
  await expect(page.getByText('0:02')).toBeVisible({ timeout: 15_000 })
  await page.getByRole('button', { name: 'Tap to stop' }).click()
  await expect(page.getByLabel('Your personal message')).toBeVisible()
}

/** The fixtures of `e2e/fixtures.ts` that `twoNewMessages` needs. */
type PeopleFixtures = {
  insertUser: (options: { name: string }) => Promise<InsertedPerson>
  connect: (from: InsertedPerson, to: InsertedPerson) => Promise<string>
  signedInPage: (person: InsertedPerson, options?: BrowserContextOptions) => Promise<Page>
}

/**
 * A 'Play all new' queue of two: Ada and Bob (`Ada {surname}`, `Bob {surname}`) are in Cy's circle and each sends Cy
 * one recording, Ada's first. Answers Cy's page (signed in, with `options` such as a viewport; not yet on a screen)
 * and the two messages' ids (Ada's first).
 */
export async function twoNewMessages(
  { insertUser, connect, signedInPage }: PeopleFixtures,
  surname: string,
  [adaRecording, bobRecording]: [string, string],
  options?: BrowserContextOptions,
): Promise<{ page: Page; first: string; second: string }> {
  const [ada, bob, cy] = await Promise.all(['Ada', 'Bob', 'Cy'].map((name) => insertUser({ name: `${name} ${surname}` })))
  if (!ada || !bob || !cy) throw new Error('people not inserted')
  const adaToCy = await connect(ada, cy)
  const bobToCy = await connect(bob, cy)
  const first = await sendRecording((await signedInPage(ada)).request, adaToCy, adaRecording)
  const second = await sendRecording((await signedInPage(bob)).request, bobToCy, bobRecording)
  return { page: await signedInPage(cy, options), first, second }
}

/** How many of these messages are marked heard. */
export async function heardCount(db: Executor, ids: string[]): Promise<number> {
  const rows = await db.select({ read: audioMessages.isRead }).from(audioMessages).where(inArray(audioMessages.id, ids))
  return rows.filter((row) => row.read).length
}
