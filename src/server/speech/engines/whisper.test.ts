import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SpeechEngineError } from '#server/speech/engine.ts'
import { createWhisperEngine } from './whisper.ts'

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-whisper-'))
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

/** The native binding ships for Linux x64 glibc and macOS; elsewhere only the model check can run. */
const bindingLoads = (() => {
  try {
    createRequire(import.meta.url)('@napi-rs/whisper')
    return true
  } catch {
    return false
  }
})()

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

  it.skipIf(!bindingLoads)('fails each recording the same way when the model goes away later', async () => {
    const modelPath = path.join(dir, 'vanishing.bin')
    await fs.writeFile(modelPath, 'not yet a model')
    const engine = createWhisperEngine({ modelPath })
    await fs.rm(modelPath)
    await expect(engine.transcribe(input())).rejects.toMatchObject({
      message: `Whisper model not found at ${modelPath}; run npm run models or set WHISPER_MODEL`,
      retryable: false,
    })
  })

  // the one path past the model check this machine can run: the worker thread starts (tsx inside it) and
  // reports that whisper.cpp rejects the file
  it.skipIf(!bindingLoads)('reports a model file whisper.cpp cannot read, from inside its worker', async () => {
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

  it.skipIf(!bindingLoads)('gives up when aborted, also while waiting for the recording before it', async () => {
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
