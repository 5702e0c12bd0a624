import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { SpeechEngineError } from './engine.ts'
import { runProcess } from './run-process.ts'
import { DECODE_LIMIT_SECONDS, ffmpegAudioArgs, readHead } from '#server/media/audio.ts'

/** Every engine reads this shape: what whisper.cpp, pocketsphinx and the OpenAI endpoint all accept. */
export const SPEECH_SAMPLE_RATE = 16_000
const DEFAULT_DECODE_TIMEOUT_MS = 120_000

export type SpeechWav = {
  /** 16 kHz mono s16le WAV inside a private temporary folder */
  wavPath: string
  /** from the number of samples ffmpeg wrote, not from the source's header (browser WebM has none) */
  durationSeconds: number
  /** removes the temporary folder; safe to call twice */
  cleanup(): Promise<void>
}

/** The file decoded to nothing: empty, or nothing after `startSeconds`. Retrying will not help. */
export class NoAudioSamplesError extends SpeechEngineError {
  constructor() {
    super('The recording holds no audio samples', false)
  }
}

export type DecodeOptions = {
  ffmpegPath?: string
  /** decode from this point of the recording on (a live preview transcribes only what is new) */
  startSeconds?: number
  timeoutMs?: number
  signal?: AbortSignal
  /** ffmpeg stops at this point of the recording (by default just past the longest recording Hearth takes) */
  untilSeconds?: number
}

/**
 * Decodes any audio file ffmpeg understands to 16 kHz mono 16-bit PCM WAV in a new folder under `outDir`
 * (the system temp folder by default). A file that is not audio, or holds no samples, is refused with a
 * SpeechEngineError that is not retryable; a time-out or abort is retryable.
 */
export async function decodeForSpeech(inputPath: string, outDir?: string, options: DecodeOptions = {}): Promise<SpeechWav> {
  const base = outDir ?? os.tmpdir()
  await fsp.mkdir(base, { recursive: true })
  const dir = await fsp.mkdtemp(path.join(base, 'hearth-speech-'))
  const cleanup = () => fsp.rm(dir, { recursive: true, force: true })
  const wavPath = path.join(dir, 'speech.wav')
  try {
    const start = options.startSeconds ?? 0
    // never decode past the cap: a hostile 10-hour file must not cost 10 hours of decoding (docs/security.md)
    const span = (options.untilSeconds ?? DECODE_LIMIT_SECONDS) - start
    if (span <= 0) throw new NoAudioSamplesError()
    const ffmpeg = options.ffmpegPath ?? 'ffmpeg'
    const { code, stderr } = await runProcess(
      ffmpeg,
      // no metadata and bit-exact flags give the canonical 44-byte header (no LIST chunk naming the encoder):
      // pocketsphinx_continuous skips exactly 44 bytes and would read anything more as samples
      [
        ...ffmpegAudioArgs(inputPath, { start, seconds: span, rate: SPEECH_SAMPLE_RATE }),
        '-fflags',
        '+bitexact',
        '-flags:a',
        '+bitexact',
        '-acodec',
        'pcm_s16le',
        '-f',
        'wav',
        wavPath,
      ],
      { what: 'ffmpeg', timeoutMs: options.timeoutMs ?? DEFAULT_DECODE_TIMEOUT_MS, signal: options.signal },
    )
    if (code !== 0)
      throw new SpeechEngineError(`Could not decode the recording: ${lastLine(stderr) || `ffmpeg exited with ${code}`}`, false)
    const header = readWavHeader(Buffer.from(await readHead(wavPath, 65_536)), (await fsp.stat(wavPath)).size)
    if (header.frames === 0) throw new NoAudioSamplesError()
    return { wavPath, durationSeconds: header.frames / header.sampleRate, cleanup }
  } catch (error) {
    await cleanup()
    throw error
  }
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1)?.trim() ?? ''
}

export type WavHeader = {
  sampleRate: number
  channels: number
  bitsPerSample: number
  /** byte offset of the first sample */
  dataOffset: number
  /** bytes of sample data actually present in the file */
  dataBytes: number
  /** samples per channel */
  frames: number
}

/**
 * Walks the RIFF chunks to `fmt ` and `data` (ffmpeg may put a LIST chunk between them). `fileSize` caps
 * the data size: a WAV written to a pipe says 0 or 0xFFFFFFFF there. Only 16-bit integer PCM is accepted,
 * which is all `decodeForSpeech` writes.
 */
export function readWavHeader(head: Buffer, fileSize = head.length): WavHeader {
  if (head.length < 12 || head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE') {
    throw new SpeechEngineError('Not a WAV file (no RIFF/WAVE header)', false)
  }
  let offset = 12
  let format: { audioFormat: number; channels: number; sampleRate: number; bitsPerSample: number } | null = null
  while (offset + 8 <= head.length) {
    const id = head.toString('ascii', offset, offset + 4)
    const size = head.readUInt32LE(offset + 4)
    const body = offset + 8
    if (id === 'fmt ') {
      if (body + 16 > head.length) break
      format = {
        audioFormat: head.readUInt16LE(body),
        channels: head.readUInt16LE(body + 2),
        sampleRate: head.readUInt32LE(body + 4),
        bitsPerSample: head.readUInt16LE(body + 14),
      }
      // WAVE_FORMAT_EXTENSIBLE keeps the real format in the first two bytes of its sub-format GUID
      if (format.audioFormat === 0xfffe && size >= 40 && body + 26 <= head.length) format.audioFormat = head.readUInt16LE(body + 24)
    } else if (id === 'data') {
      if (!format) throw new SpeechEngineError('WAV file has its data before its format chunk', false)
      if (format.audioFormat !== 1 || format.bitsPerSample !== 16 || format.channels < 1) {
        throw new SpeechEngineError(
          `Unsupported WAV encoding (format ${format.audioFormat}, ${format.bitsPerSample} bit); expected 16-bit PCM`,
          false,
        )
      }
      const available = Math.max(0, fileSize - body)
      const declared = size === 0 || size === 0xffffffff ? available : size
      const blockAlign = format.channels * 2
      const dataBytes = Math.min(declared, available) - (Math.min(declared, available) % blockAlign)
      return {
        sampleRate: format.sampleRate,
        channels: format.channels,
        bitsPerSample: 16,
        dataOffset: body,
        dataBytes,
        frames: dataBytes / blockAlign,
      }
    }
    // chunks are padded to an even length
    offset = body + size + (size % 2)
  }
  throw new SpeechEngineError('WAV file has no data chunk', false)
}

/**
 * The samples of a 16-bit PCM WAV as floats in -1..1, channels averaged to mono. Synchronous on purpose:
 * it runs inside the whisper worker process, off the server's event loop.
 */
export function readPcmSamples(wavPath: string): Float32Array {
  return pcmSamplesFromWav(fs.readFileSync(wavPath))
}

export function pcmSamplesFromWav(wav: Buffer): Float32Array {
  const header = readWavHeader(wav)
  const { channels, dataOffset, frames } = header
  const samples = new Float32Array(frames)
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0
    for (let channel = 0; channel < channels; channel++) sum += wav.readInt16LE(dataOffset + (frame * channels + channel) * 2)
    samples[frame] = sum / channels / 32768
  }
  return samples
}
