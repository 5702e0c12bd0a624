import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SpeechEngineError } from '#server/speech/engine.ts'
import { TINY_WHISPER_WORDS, whisperBindingLoads, writeTinyWhisperModel, writeToneWav } from '#server/test/whisper-model.ts'
import { createWhisperEngine } from './whisper.ts'

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-whisper-'))
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

const input = (signal = new AbortController().signal) => ({ wavPath: path.join(dir, 'speech.wav'), durationSeconds: 1, signal })

function thrown(run: () => unknown): SpeechEngineError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(SpeechEngineError)
    return error as SpeechEngineError
  }
  throw new Error('expected an error')
}

describe('whisper engine', () => {
  it('refuses to start without its model, saying how to get one', () => {
    const modelPath = path.join(dir, 'models', 'ggml-base.en.bin')
    const error = thrown(() => createWhisperEngine({ modelPath }))
    expect(error.message).toBe(`Whisper model not found at ${modelPath}; run npm run models or set WHISPER_MODEL`)
    expect(error.retryable).toBe(false)
  })

  it.skipIf(!whisperBindingLoads)('fails each recording the same way when the model goes away later', async () => {
    const modelPath = path.join(dir, 'vanishing.bin')
    await fs.writeFile(modelPath, 'not yet a model')
    const engine = createWhisperEngine({ modelPath })
    await fs.rm(modelPath)
    await expect(engine.transcribe(input())).rejects.toMatchObject({
      message: `Whisper model not found at ${modelPath}; run npm run models or set WHISPER_MODEL`,
      retryable: false,
    })
  })

  // the one path past the model check this machine can run: the worker process starts (its TypeScript run by Node itself) and
  // reports that whisper.cpp rejects the file
  it.skipIf(!whisperBindingLoads)('reports a model file whisper.cpp cannot read, from inside its worker', async () => {
    const modelPath = path.join(dir, 'corrupt.bin')
    await fs.writeFile(modelPath, Buffer.alloc(4096, 7))
    const engine = createWhisperEngine({ modelPath })
    try {
      const error = await engine.transcribe(input()).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(SpeechEngineError)
      expect((error as SpeechEngineError).message).toMatch(
        /^Whisper model at .*corrupt\.bin could not be loaded \(Failed to initialize Whisper model/,
      )
      expect((error as SpeechEngineError).retryable).toBe(false)
      // a second recording reuses the worker and gets the same answer
      await expect(engine.transcribe(input())).rejects.toThrow(/could not be loaded/)
    } finally {
      await engine.close?.()
    }
  })

  it.skipIf(!whisperBindingLoads)('gives up when aborted, also while waiting for the recording before it', async () => {
    const modelPath = path.join(dir, 'corrupt-2.bin')
    await fs.writeFile(modelPath, Buffer.alloc(4096, 7))
    const engine = createWhisperEngine({ modelPath })
    try {
      const first = new AbortController()
      const second = new AbortController()
      const running = engine.transcribe(input(first.signal))
      const queued = engine.transcribe(input(second.signal))
      second.abort()
      first.abort()
      await expect(queued).rejects.toThrow(/timed out or was cancelled/)
      await expect(running).rejects.toThrow(/timed out or was cancelled/)
      // a fresh worker serves the next recording
      await expect(engine.transcribe(input())).rejects.toThrow(/could not be loaded/)
      await expect(engine.transcribe(input(AbortSignal.abort()))).rejects.toThrow(/timed out or was cancelled/)
    } finally {
      await engine.close?.()
    }
  })
})

// A real ggml model in whisper.cpp's format, generated here (src/server/test/whisper-model.ts): the whole
// path runs, from loading the file to word times, on a model that reads "ggml tiny model" in every window.
// seconds on an idle machine; the limit leaves room for a busy one
describe.skipIf(!whisperBindingLoads)('whisper engine with a generated model', { timeout: 60_000 }, () => {
  const modelPath = path.join(dir, 'ggml-generated.bin')
  const crashingModelPath = path.join(dir, 'ggml-generated-f32.bin')
  const wavs: Record<string, string> = {}
  beforeAll(async () => {
    await writeTinyWhisperModel(modelPath)
    await writeTinyWhisperModel(crashingModelPath, { precision: 'f32' })
    wavs.short = await writeToneWav(path.join(dir, 'short.wav'), 5)
    wavs.long = await writeToneWav(path.join(dir, 'long.wav'), 40)
  })
  const job = (wav: string, durationSeconds: number, signal = new AbortController().signal) => ({
    wavPath: wavs[wav]!,
    durationSeconds,
    signal,
  })

  it('loads the model in its worker and maps whisper.cpp word times into the recording', async () => {
    const engine = createWhisperEngine({ modelPath, threads: 1 })
    try {
      const transcript = await engine.transcribe(job('short', 5))
      expect(transcript.text).toBe(TINY_WHISPER_WORDS.join(' '))
      expect(transcript.language).toBe('en')
      expect(transcript.words.map((w) => w.word)).toEqual([...TINY_WHISPER_WORDS])
      for (const [index, word] of transcript.words.entries()) {
        expect(word.start).toBeGreaterThanOrEqual(0)
        expect(word.end).toBeGreaterThanOrEqual(word.start)
        // the window is padded to 30 s; the last word's end is held at the recording's end
        expect(word.end).toBeLessThanOrEqual(5)
        if (index > 0) expect(word.start).toBeGreaterThanOrEqual(transcript.words[index - 1]!.start)
      }
      expect(transcript.words.at(-1)!.end).toBe(5)
      // three words in 5 s, no loop: the estimate's ceiling (the binding gives no token probabilities, decision 92)
      expect(transcript.confidence).toBe(0.9)
      expect(engine.model).toBe('ggml-generated.bin')
    } finally {
      await engine.close?.()
    }
  })

  it('reads long audio window by window, 30 seconds each', async () => {
    const engine = createWhisperEngine({ modelPath, threads: 1 })
    try {
      const transcript = await engine.transcribe(job('long', 40))
      expect(transcript.words.map((w) => w.word)).toEqual([...TINY_WHISPER_WORDS, ...TINY_WHISPER_WORDS])
      const windowOf = (seconds: number) => Math.floor(seconds / 30)
      expect(transcript.words.map((w) => windowOf(w.start))).toEqual([0, 0, 0, 1, 1, 1])
      expect(transcript.words.at(-1)!.end).toBe(40)
    } finally {
      await engine.close?.()
    }
  })

  it('stops a running recording on abort and on its time-out, and serves the next one with a new worker', async () => {
    const engine = createWhisperEngine({ modelPath, threads: 1 })
    try {
      const controller = new AbortController()
      const running = engine.transcribe(job('long', 40, controller.signal))
      setTimeout(() => controller.abort(), 300)
      await expect(running).rejects.toThrow('Whisper transcription timed out or was cancelled')

      const short = createWhisperEngine({ modelPath, threads: 1, timeoutMs: 200 })
      await expect(short.transcribe(job('long', 40))).rejects.toThrow('Whisper transcription timed out after 0 s')
      await short.close?.()

      await expect(engine.transcribe(job('short', 5))).resolves.toMatchObject({ text: TINY_WHISPER_WORDS.join(' ') })
    } finally {
      await engine.close?.()
    }
  })

  it('fails the recording, not the server, when whisper.cpp aborts inside its worker', async () => {
    // the all-F32 file loads, then whisper.cpp's convolution asserts F16 kernels and calls abort()
    const engine = createWhisperEngine({ modelPath: crashingModelPath, threads: 1 })
    try {
      const error = (await engine.transcribe(job('short', 5)).catch((e: unknown) => e)) as SpeechEngineError
      expect(error).toBeInstanceOf(SpeechEngineError)
      expect(error.message).toMatch(/^Whisper worker stopped \(SIGABRT\): GGML_ASSERT\(.*\) failed/)
      expect(error.retryable).toBe(true)
      // this process is still here, and the engine starts a new worker for the next recording
      await expect(engine.transcribe(job('short', 5))).rejects.toThrow(/^Whisper worker stopped \(SIGABRT\)/)
    } finally {
      await engine.close?.()
    }
  })
})
