/**
 * Speech figures (issue: Speech): per available engine on the shared fixture clips, the real-time factor
 * (processing time / audio duration), the word error rate against clips.json, the engine's confidence, and the
 * labels (emotions and topics from clips.json) the offline analyser finds in what the engine heard, next to what it
 * finds in the clean text, and how many transcripts the confidence rule holds back; the offline analysis time
 * per message; and queue throughput with 100 queued messages through the whole pipeline (pg-boss, ffmpeg,
 * the engine, analysis), with 1 and 2 transcriptions at a time. Run with `npm run bench:speech`.
 * Prints figures; asserts nothing.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { audioMessages } from '#server/db/schema.ts'
import { parseEnv } from '#server/env.ts'
import { createJobQueue } from '#server/jobs/job-queue.ts'
import { transcriptCarriesInsights } from '#shared/transcript-confidence.ts'
import { createOfflineAnalyzer } from '#server/speech/analysis/offline-analyzer.ts'
import { decodeForSpeech } from '#server/speech/decode.ts'
import { selectSpeechEngine } from '#server/speech/select-engine.ts'
import { SPEECH_FIXTURES_DIR } from '#server/test/speech-fixtures.ts'
import { insertPerson } from '#server/test/data.ts'
import { buildBenchApp, fmt, percentile, startBenchDatabase } from './support.ts'

type Clip = { file: string; text: string; emotions: string[]; topics: string[] }
const QUEUED_MESSAGES = Number(process.argv[2] ?? 100)
const silentLog = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger

/** Word error rate: word-level edit distance over the reference length, after lowercasing and dropping punctuation. */
function wordErrorRate(reference: string, hypothesis: string): number {
  const words = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9' ]+/g, ' ')
      .split(/\s+/)
      .filter(Boolean)
  const ref = words(reference)
  const hyp = words(hypothesis)
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j)
  for (let i = 1; i <= ref.length; i++) {
    const row = [i]
    for (let j = 1; j <= hyp.length; j++) {
      row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (ref[i - 1] === hyp[j - 1] ? 0 : 1))
    }
    previous = row
  }
  return ref.length === 0 ? 0 : (previous[hyp.length] ?? 0) / ref.length
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-speech-'))
const clipsFile = path.join(SPEECH_FIXTURES_DIR, 'clips.json')
const clips: Clip[] = fs.existsSync(clipsFile) ? (JSON.parse(fs.readFileSync(clipsFile, 'utf8')) as { clips: Clip[] }).clips : []

console.log(`speech benchmark on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'})`)

/** how many of a clip's expected emotions and topics the analyser finds in a text */
const analyzer = createOfflineAnalyzer()
async function labelsFound(clip: Clip, text: string): Promise<number> {
  const found = await analyzer.analyze(text)
  const labels = new Set([...found.emotions, ...found.topics].map((l) => l.toLowerCase()))
  return [...clip.emotions, ...clip.topics].filter((l) => labels.has(l)).length
}
const expectedLabels = clips.reduce((sum, c) => sum + c.emotions.length + c.topics.length, 0)
let cleanLabels = 0
for (const clip of clips) cleanLabels += await labelsFound(clip, clip.text)
console.log(`analyser on the clean texts: ${cleanLabels}/${expectedLabels} expected labels found`)

// --- engines on the fixture clips -------------------------------------------------------------------------------
if (clips.length === 0) console.log(`engines: no fixture clips at ${SPEECH_FIXTURES_DIR}; skipped`)
for (const name of ['whisper', 'openai', 'pocketsphinx'] as const) {
  // a model or endpoint of your own is measured too: WHISPER_MODEL, OPENAI_BASE_URL, OPENAI_API_KEY from the environment
  const own = Object.fromEntries(
    (['WHISPER_MODEL', 'OPENAI_BASE_URL', 'OPENAI_API_KEY', 'OPENAI_TRANSCRIBE_MODEL'] as const).flatMap((key) =>
      process.env[key] ? [[key, process.env[key]]] : [],
    ),
  )
  const env = parseEnv({ DATA_DIR: dataDir, TRANSCRIBE_ENGINE: name, ...own })
  const choice = await selectSpeechEngine(env)
  if (!choice.engine) {
    console.log(`${name}: not available (${choice.reason})`)
    continue
  }
  if (clips.length === 0) continue
  let audioSeconds = 0
  let processingMs = 0
  let errors = 0
  let referenceWords = 0
  let labels = 0
  let heldBack = 0
  const confidences: number[] = []
  for (const clip of clips) {
    const decoded = await decodeForSpeech(path.join(SPEECH_FIXTURES_DIR, clip.file), dataDir)
    const started = performance.now()
    const transcript = await choice.engine.transcribe({
      wavPath: decoded.wavPath,
      durationSeconds: decoded.durationSeconds,
      signal: AbortSignal.timeout(300_000),
    })
    const ms = performance.now() - started
    await decoded.cleanup()
    const wer = wordErrorRate(clip.text, transcript.text)
    const words = clip.text.split(/\s+/).length
    const confidence = transcript.confidence ?? null
    if (confidence !== null) confidences.push(confidence)
    const carries = transcriptCarriesInsights({ text: transcript.text, words: transcript.words, confidence })
    if (!carries) heldBack++
    const clipLabels = await labelsFound(clip, transcript.text)
    labels += clipLabels
    audioSeconds += decoded.durationSeconds
    processingMs += ms
    errors += wer * words
    referenceWords += words
    console.log(
      `${name} ${clip.file.padEnd(20)} ${decoded.durationSeconds.toFixed(1)} s audio, ${(ms / 1000).toFixed(2)} s, RTF ${(ms / 1000 / decoded.durationSeconds).toFixed(2)}, WER ${(wer * 100).toFixed(0)}%, confidence ${confidence ?? '-'}${carries ? '' : ' (held back)'}, labels ${clipLabels}  "${transcript.text}"`,
    )
  }
  console.log(
    `${name} overall: RTF ${(processingMs / 1000 / audioSeconds).toFixed(2)}, WER ${((errors / referenceWords) * 100).toFixed(1)}% over ${clips.length} clips, ` +
      `mean confidence ${confidences.length ? (confidences.reduce((a, b) => a + b, 0) / confidences.length).toFixed(2) : '-'}, ` +
      `labels found ${labels}/${expectedLabels} (clean text ${cleanLabels}), held back ${heldBack}/${clips.length}`,
  )
  await choice.engine.close?.()
}

// --- offline analysis -------------------------------------------------------------------------------------------
const texts =
  clips.length > 0 ? clips.map((c) => c.text) : ['Thank you so much for the birthday gift. I am grateful to have you in my life.']
const coldStart = performance.now()
await analyzer.analyze(texts[0] ?? '')
const coldMs = performance.now() - coldStart
const timings: number[] = []
for (let i = 0; i < 2000; i++) {
  const started = performance.now()
  await analyzer.analyze(texts[i % texts.length] ?? '')
  timings.push(performance.now() - started)
}
timings.sort((a, b) => a - b)
console.log(
  `offline analysis: first call ${fmt(coldMs)} (loads the model), then p50 ${fmt(percentile(timings, 50))} / p95 ${fmt(percentile(timings, 95))} per message`,
)

// --- queue throughput -------------------------------------------------------------------------------------------
const pocketsphinx = await selectSpeechEngine(parseEnv({ DATA_DIR: dataDir, TRANSCRIBE_ENGINE: 'pocketsphinx' }))
if (!pocketsphinx.engine) {
  console.log(`queue throughput: skipped (${pocketsphinx.reason})`)
} else {
  // a 3-second spoken message, as a browser would upload it
  const wav = path.join(dataDir, 'spoken.wav')
  const webm = path.join(dataDir, 'spoken.webm')
  execFileSync('espeak-ng', ['-s', '160', '-w', wav, 'Thank you for the lovely gift. See you at dinner on Sunday.'])
  execFileSync('ffmpeg', ['-v', 'error', '-i', wav, '-c:a', 'libopus', '-b:a', '32k', '-y', webm])
  const database = await startBenchDatabase()
  try {
    for (const concurrency of [1, 2]) {
      const ids = [(await insertPerson(database.db)).id, (await insertPerson(database.db)).id] as const
      fs.mkdirSync(path.join(dataDir, 'media', ids[0]), { recursive: true })
      const keys = Array.from({ length: QUEUED_MESSAGES }, (_, i) => `${ids[0]}/${Date.now()}-${i}.webm`)
      for (const key of keys) fs.copyFileSync(webm, path.join(dataDir, 'media', key))
      const rows = await database.db
        .insert(audioMessages)
        .values(
          keys.map((audioKey) => ({
            senderId: ids[0],
            receiverId: ids[1],
            audioKey,
            mimeType: 'audio/webm',
            bytes: fs.statSync(webm).size,
            durationSeconds: 3,
            waveform: [],
          })),
        )
        .returning({ id: audioMessages.id })
      // all 100 jobs are queued, as sends would queue them, before any worker runs
      const queue = await createJobQueue({ pool: database.pool, log: silentLog })
      for (const row of rows) await queue.enqueue(null, 'transcribe-message', { messageId: row.id })
      await queue.stop()

      const started = performance.now()
      const { app: running } = await buildBenchApp(database, dataDir, {
        TRANSCRIBE_ENGINE: 'pocketsphinx',
        SPEECH_CONCURRENCY: String(concurrency),
      })
      for (;;) {
        const [left] = await database.db
          .select({ count: sql<number>`count(*)`.mapWith(Number) })
          .from(audioMessages)
          .where(sql`${audioMessages.senderId} = ${ids[0]} and ${audioMessages.processingStatus} in ('pending', 'processing')`)
        if ((left?.count ?? 0) === 0) break
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      const seconds = (performance.now() - started) / 1000
      const [failed] = await database.db
        .select({ count: sql<number>`count(*)`.mapWith(Number), reason: sql<string | null>`min(${audioMessages.processingError})` })
        .from(audioMessages)
        .where(eq(audioMessages.processingStatus, 'failed'))
      console.log(
        `queue, ${QUEUED_MESSAGES} queued 3 s messages, pocketsphinx, ${concurrency} at a time: ${seconds.toFixed(1)} s, ${((QUEUED_MESSAGES / seconds) * 60).toFixed(0)} messages/minute (${failed?.count ?? 0} failed${failed?.reason ? `: ${failed.reason}` : ''})`,
      )
      await running.close()
      await database.db.delete(audioMessages)
    }
  } finally {
    await database.stop()
  }
}
fs.rmSync(dataDir, { recursive: true, force: true })
process.exit(0)
