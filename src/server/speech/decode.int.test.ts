import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { makeAudio } from '#server/test/audio-files.ts'
import { decodeAudio, DECODE_LIMIT_SECONDS } from '#server/media/audio.ts'
import { decodeForSpeech, NoAudioSamplesError, readPcmSamples, readWavHeader } from './decode.ts'
import { SpeechEngineError } from './engine.ts'
import { speechFixture } from '#server/test/speech-fixtures.ts'

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-decode-'))
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

const fixture = speechFixture('coffee-sunday.webm')

async function writeInput(name: string, data: Buffer | string): Promise<string> {
  const file = path.join(dir, name)
  await fs.writeFile(file, data)
  return file
}

describe('the decoding cap', () => {
  // 22 minutes: twice the longest recording Hearth takes, still under the 50 MB upload limit
  const long = async () => writeInput('long.wav', await makeAudio({ seconds: 1320, silent: true, format: 'wav' }))

  it('stops decoding a recording just past the longest one Hearth takes, whatever its real length', async () => {
    const input = await long()
    expect((await decodeAudio(input)).durationSeconds).toBe(DECODE_LIMIT_SECONDS)
    const wav = await decodeForSpeech(input, path.join(dir, 'out'))
    try {
      expect(wav.durationSeconds).toBe(DECODE_LIMIT_SECONDS)
    } finally {
      await wav.cleanup()
    }
    // a preview asked to start past the cap has nothing to decode
    await expect(decodeForSpeech(input, path.join(dir, 'out'), { startSeconds: DECODE_LIMIT_SECONDS })).rejects.toBeInstanceOf(
      NoAudioSamplesError,
    )
  })

  it('still decodes a short recording whole', async () => {
    const input = await writeInput('short.wav', await makeAudio({ seconds: 3, silent: true, format: 'wav' }))
    expect((await decodeAudio(input)).durationSeconds).toBe(3)
  })
})

describe('decodeForSpeech', () => {
  it('turns a browser recording (Opus in WebM) into 16 kHz mono PCM with the duration it holds', async () => {
    const input = await writeInput('tone.webm', await makeAudio({ seconds: 2, format: 'webm' }))
    const wav = await decodeForSpeech(input, path.join(dir, 'out'))
    try {
      const header = readWavHeader(await fs.readFile(wav.wavPath))
      expect(header).toMatchObject({ sampleRate: 16_000, channels: 1, bitsPerSample: 16, dataOffset: 44 })
      expect(wav.durationSeconds).toBeCloseTo(2, 1)

      const samples = readPcmSamples(wav.wavPath)
      expect(samples.length).toBe(header.frames)
      expect(samples.length / 16_000).toBe(wav.durationSeconds)
      const peak = samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0)
      expect(peak).toBeGreaterThan(0.1)
      expect(peak).toBeLessThanOrEqual(1)
    } finally {
      await wav.cleanup()
    }
    expect(
      await fs.access(wav.wavPath).then(
        () => true,
        () => false,
      ),
    ).toBe(false)
  })

  it.skipIf(!fixture)('decodes the speech fixture to the same length as its WAV twin', async () => {
    const wav = await decodeForSpeech(fixture!)
    try {
      expect(wav.durationSeconds).toBeGreaterThan(7)
      expect(wav.durationSeconds).toBeLessThan(8.5)
    } finally {
      await wav.cleanup()
    }
  })

  it('refuses a file that is not audio, as not retryable, and leaves nothing behind', async () => {
    const input = await writeInput('notes.webm', 'these are not the samples you are looking for\n'.repeat(50))
    const outDir = path.join(dir, 'refused')
    const error = await decodeForSpeech(input, outDir).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SpeechEngineError)
    expect((error as SpeechEngineError).retryable).toBe(false)
    expect((error as Error).message).toMatch(/Could not decode the recording/)
    expect(await fs.readdir(outDir)).toEqual([])
  })

  it('refuses a missing file', async () => {
    await expect(decodeForSpeech(path.join(dir, 'nowhere.webm'))).rejects.toThrow(/Could not decode the recording/)
  })

  it('stops when the signal aborts', async () => {
    const input = await writeInput('tone-abort.webm', await makeAudio({ seconds: 2, format: 'webm' }))
    await expect(decodeForSpeech(input, undefined, { signal: AbortSignal.abort() })).rejects.toThrow(/cancelled/)
  })
})
