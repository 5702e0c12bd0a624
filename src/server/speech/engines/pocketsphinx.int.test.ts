import fs from 'node:fs/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { decodeForSpeech, type SpeechWav } from '#server/speech/decode.ts'
import { SpeechEngineError } from '#server/speech/engine.ts'
import { speechFixtureOrSpoken } from '#server/test/speech-fixtures.ts'
import { createPocketsphinxEngine, pocketsphinxAvailable } from './pocketsphinx.ts'

const installed = await pocketsphinxAvailable()
// the shared clip, or the same sentence spoken by espeak-ng when the shared fixtures are not beside the checkout
const clip = speechFixtureOrSpoken(
  'coffee-sunday.wav',
  "Hey! I really miss you. Let's grab coffee on Sunday and talk about your new job. I am so excited for you.",
)
const canRun = installed && clip !== null

const wavs: SpeechWav[] = []
afterAll(() => Promise.all(wavs.map((wav) => wav.cleanup())))

async function decodeClip(): Promise<SpeechWav> {
  const wav = await decodeForSpeech(clip!)
  wavs.push(wav)
  return wav
}

/** Processes whose command line names this file (Linux /proc). */
async function processesUsing(file: string): Promise<number> {
  const entries = await fs.readdir('/proc').catch(() => [])
  let count = 0
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')
    if (cmdline.includes('pocketsphinx') && cmdline.includes(file)) count++
  }
  return count
}

describe('pocketsphinx engine', () => {
  it.skipIf(!canRun)('transcribes a spoken clip with word times inside the audio', async () => {
    const wav = await decodeClip()
    const transcript = await createPocketsphinxEngine().transcribe({ ...wav, signal: new AbortController().signal })

    // "Hey! I really miss you. Let's grab coffee on Sunday and talk about your new job. I am so excited for you."
    const expected = ['excited', 'job', 'new', 'sunday', 'coffee', 'really']
    const heard = expected.filter((word) => transcript.text.split(' ').includes(word))
    expect(heard.length).toBeGreaterThanOrEqual(2)
    expect(transcript.language).toBe('en')
    expect(transcript.words.length).toBeGreaterThan(3)
    expect(transcript.words.map((w) => w.word).join(' ')).toBe(transcript.text)
    let previousStart = 0
    for (const word of transcript.words) {
      expect(word.start).toBeGreaterThanOrEqual(previousStart)
      expect(word.end).toBeGreaterThanOrEqual(word.start)
      expect(word.end).toBeLessThanOrEqual(wav.durationSeconds + 0.05)
      // every word has its posterior, and the transcript their mean
      expect(word.confidence).toBeGreaterThanOrEqual(0)
      expect(word.confidence).toBeLessThanOrEqual(1)
      previousStart = word.start
    }
    const mean = transcript.words.reduce((sum, w) => sum + w.confidence!, 0) / transcript.words.length
    expect(transcript.confidence).toBeCloseTo(mean, 2)
  })

  it.skipIf(!canRun)('kills the process when the signal aborts', async () => {
    const wav = await decodeClip()
    const controller = new AbortController()
    const running = createPocketsphinxEngine().transcribe({ ...wav, signal: controller.signal })
    await expect.poll(() => processesUsing(wav.wavPath)).toBe(1)
    controller.abort()
    const error = await running.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SpeechEngineError)
    expect((error as Error).message).toMatch(/cancelled/)
    expect(await processesUsing(wav.wavPath)).toBe(0)
  })

  it.skipIf(!canRun)('gives up after its own time-out', async () => {
    const wav = await decodeClip()
    const engine = createPocketsphinxEngine({ timeoutMs: 50 })
    await expect(engine.transcribe({ ...wav, signal: new AbortController().signal })).rejects.toThrow(/timed out/)
    expect(await processesUsing(wav.wavPath)).toBe(0)
  })

  it('reports a missing program clearly', async () => {
    const engine = createPocketsphinxEngine({ binary: '/nonexistent/pocketsphinx_continuous' })
    const error = await engine
      .transcribe({ wavPath: '/tmp/x.wav', durationSeconds: 1, signal: new AbortController().signal })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SpeechEngineError)
    expect((error as Error).message).toMatch(/Could not run pocketsphinx \(\/nonexistent\/pocketsphinx_continuous\)/)
    expect(await pocketsphinxAvailable({ binary: '/nonexistent/pocketsphinx_continuous' })).toBe(false)
    expect(await pocketsphinxAvailable({ modelDir: '/nonexistent' })).toBe(false)
  })
})
