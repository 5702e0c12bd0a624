import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { AUDIO_MAX_BYTES, RECORDING_MAX_SECONDS } from '#shared/limits.ts'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import { scalePeaks } from '#shared/waveform.ts'
import { ValidationError } from '#server/http/errors.ts'
import { receiveRawBody, refuseDeclaredOversize } from '#server/http/raw-body.ts'
import { launch, LauncherStoppedError, runToEnd } from './process-launcher.ts'

/** Audio containers Hearth accepts, recognised from their first bytes (never from the name or the header). */
export type AudioType = { mime: string; ext: string }

export function sniffAudioType(head: Uint8Array): AudioType | null {
  const ascii = (start: number, length: number) => String.fromCharCode(...head.subarray(start, start + length))
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3)
    return { mime: 'audio/webm', ext: 'webm' }
  if (ascii(0, 4) === 'OggS') return { mime: 'audio/ogg', ext: 'ogg' }
  if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WAVE') return { mime: 'audio/wav', ext: 'wav' }
  if (ascii(4, 4) === 'ftyp') return { mime: 'audio/mp4', ext: 'm4a' }
  if (ascii(0, 3) === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) return { mime: 'audio/mpeg', ext: 'mp3' }
  return null
}

export async function readHead(filePath: string, bytes = 64): Promise<Uint8Array> {
  const handle = await fs.open(filePath, 'r')
  try {
    const buffer = Buffer.alloc(bytes)
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/**
 * Streams a recording sent as the raw body to `tmpPath` and recognises the container from its first
 * bytes: 413 past 50 MB, 400 when empty or not audio. The caller removes the file.
 */
export async function receiveAudio(body: Readable | undefined, tmpPath: string): Promise<{ bytes: number; type: AudioType }> {
  const bytes = await receiveRawBody(body, tmpPath, {
    maxBytes: AUDIO_MAX_BYTES,
    tooLarge: MESSAGE_TEXTS.tooLarge,
    empty: MESSAGE_TEXTS.empty,
  })
  const type = sniffAudioType(await readHead(tmpPath))
  if (!type) throw new ValidationError(MESSAGE_TEXTS.notAudio)
  return { bytes, type }
}

/** The onRequest hook of a route that takes a recording as its raw body. */
export const refuseOversizeAudio = () => refuseDeclaredOversize(AUDIO_MAX_BYTES, MESSAGE_TEXTS.tooLarge)

export const WAVEFORM_POINTS = 64
/**
 * ffmpeg stops after this much audio. Anything longer is refused anyway, so decoding the rest would only spend CPU:
 * a 10-hour file costs about as much as a 10-minute one (docs/security.md). The margin lets callers see it ran over.
 */
export const DECODE_LIMIT_SECONDS = RECORDING_MAX_SECONDS + 5
const DECODE_RATE = 8000
const DECODE_TIMEOUT_MS = 120_000

/** Length of the blocks whose peaks the decoder keeps: the resolution of the waveform and of silence trimming. */
const BLOCK_SECONDS = 0.05

export type DecodedAudio = {
  durationSeconds: number
  waveform: number[]
  /** the loudest sample, 0..1 of full scale */
  peak: number
  /** where sound first rises over `SOUND_LEVEL` and where it last falls below it, in seconds; null when it never does */
  sound: { start: number; end: number } | null
  /** the codec of the first audio stream as ffmpeg names it ('opus', 'aac', 'mp3' ...) */
  codec: string | null
  /** the peak of every 50 ms block, in order: what the kept part is measured from without decoding it again */
  blockPeaks: number[]
}

/**
 * Below this peak (-60 dBFS) a recording holds nothing a person could hear: a muted or dead microphone. Such a take
 * is refused; quiet speech peaks far above it.
 */
export const SILENCE_PEAK = 0.001
/** Above this peak (-40 dBFS) a 50 ms block counts as sound when trimming: over a quiet room, under any voice. */
export const SOUND_LEVEL = 0.01
/** Silence longer than this at either end is trimmed ... */
export const TRIM_AFTER_SECONDS = 1
/** ... down to this much, so the first word does not start abruptly. */
export const TRIM_KEEP_SECONDS = 0.25

/**
 * Decodes the file with ffmpeg to 8 kHz mono PCM, streaming, up to `DECODE_LIMIT_SECONDS`: the duration is the
 * number of samples decoded (browser WebM files carry no duration in their header, and a header could lie), and the
 * waveform is the peak level of each of 64 equal slices, 0..1. A longer file answers a duration past the limit
 * without being decoded further. Rejects when ffmpeg cannot decode it as audio.
 */
export function decodeAudio(
  filePath: string,
  { ffmpegPath = 'ffmpeg', rate = DECODE_RATE, keepPcm = false }: { ffmpegPath?: string; rate?: number; keepPcm?: boolean } = {},
): Promise<DecodedAudio & { pcm: Buffer | null }> {
  return new Promise((resolve, reject) => {
    const args = [...ffmpegAudioArgs(filePath, { seconds: DECODE_LIMIT_SECONDS, rate }), '-f', 's16le', 'pipe:1']
    // at info level ffmpeg names the input's codec, which decides whether the recording can be kept as it is
    args.splice(args.indexOf('-v'), 2, '-hide_banner', '-nostats', '-v', 'info')
    // started from the launcher, at a lower priority (decision 186)
    const child = launch(ffmpegPath, args)
    const timer = setTimeout(() => child.kill('SIGKILL'), DECODE_TIMEOUT_MS)
    // peaks per 50 ms block; folded into WAVEFORM_POINTS slices at the end
    const blockSize = rate * BLOCK_SECONDS
    const blockPeaks: number[] = []
    // the samples themselves, when the caller hears them too (the message job transcribes from this one decode)
    const kept: Buffer[] = []
    let blockPeak = 0
    let inBlock = 0
    let samples = 0
    let carry: Buffer | null = null
    let stderr = ''
    child.on('stdout', (chunk) => {
      const data = carry ? Buffer.concat([carry, chunk]) : chunk
      const usable = data.length - (data.length % 2)
      for (let offset = 0; offset < usable; offset += 2) {
        const level = Math.abs(data.readInt16LE(offset)) / 32768
        if (level > blockPeak) blockPeak = level
        if (++inBlock === blockSize) {
          blockPeaks.push(blockPeak)
          blockPeak = 0
          inBlock = 0
        }
      }
      samples += usable / 2
      if (keepPcm) kept.push(data.subarray(0, usable))
      carry = usable < data.length ? data.subarray(usable) : null
    })
    child.on('stderr', (chunk) => {
      if (stderr.length < 8000) stderr += chunk.toString()
    })
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      if (inBlock > 0) blockPeaks.push(blockPeak)
      if (code !== 0 || samples === 0) {
        reject(new Error(stderr.trim().split('\n').pop() || `ffmpeg exited with ${code}`))
        return
      }
      resolve({
        durationSeconds: samples / rate,
        waveform: foldPeaks(blockPeaks, WAVEFORM_POINTS),
        peak: Math.max(0, ...blockPeaks),
        sound: soundSpan(blockPeaks, BLOCK_SECONDS, SOUND_LEVEL),
        codec: /Stream #\d+:\d+\S*: Audio: (\w+)/.exec(stderr)?.[1] ?? null,
        blockPeaks,
        pcm: keepPcm ? Buffer.concat(kept) : null,
      })
    })
  })
}

/** Folds block peaks into `points` slices (max of each slice), scaled for drawing by `scalePeaks` (decision 211). */
export function foldPeaks(blockPeaks: number[], points: number): number[] {
  if (blockPeaks.length === 0) return Array.from({ length: points }, () => 0)
  const slices = Array.from({ length: points }, (_, i) => {
    const start = Math.floor((i * blockPeaks.length) / points)
    const end = Math.max(start + 1, Math.floor(((i + 1) * blockPeaks.length) / points))
    let peak = 0
    for (let j = start; j < end && j < blockPeaks.length; j++) peak = Math.max(peak, blockPeaks[j] ?? 0)
    return peak
  })
  return scalePeaks(slices).map((value) => Math.round(value * 1000) / 1000)
}

/** The span from the first block over `level` to the end of the last one, in seconds; null when none is over it. */
export function soundSpan(blockPeaks: number[], blockSeconds: number, level: number): { start: number; end: number } | null {
  const first = blockPeaks.findIndex((peak) => peak > level)
  if (first < 0) return null
  const last = blockPeaks.findLastIndex((peak) => peak > level)
  return { start: first * blockSeconds, end: (last + 1) * blockSeconds }
}

/** The duration and waveform of `span` of a decoded recording, from the blocks already measured. */
export function measureSpan(decoded: Pick<DecodedAudio, 'blockPeaks'>, span: { start: number; end: number }) {
  const first = Math.floor(span.start / BLOCK_SECONDS)
  const last = Math.ceil(span.end / BLOCK_SECONDS)
  return { durationSeconds: span.end - span.start, waveform: foldPeaks(decoded.blockPeaks.slice(first, last), WAVEFORM_POINTS) }
}

/**
 * The part of a recording worth keeping: silence over `TRIM_AFTER_SECONDS` at either end is cut down to
 * `TRIM_KEEP_SECONDS`; anything shorter is left as it was.
 */
export function keptSpan(decoded: Pick<DecodedAudio, 'durationSeconds' | 'sound'>): { start: number; end: number } {
  const { durationSeconds, sound } = decoded
  if (!sound) return { start: 0, end: durationSeconds }
  const start = sound.start > TRIM_AFTER_SECONDS ? sound.start - TRIM_KEEP_SECONDS : 0
  const end = durationSeconds - sound.end > TRIM_AFTER_SECONDS ? Math.min(durationSeconds, sound.end + TRIM_KEEP_SECONDS) : durationSeconds
  return { start, end }
}

/**
 * How a recording is kept for playback (decision 168): Opus, as Chromium and Firefox record it, stays Opus in WebM
 * and AAC, as Safari records it, stays AAC in MP4; both are only re-wrapped with their duration and their index at
 * the front, which every browser Hearth supports plays and seeks. Anything else is encoded once into AAC-LC in MP4,
 * mono, 48 kHz, 64 kbit/s.
 */
type PlaybackForm = { mime: string; ext: string; keepCodec: boolean }
const OPUS_AS_RECORDED: PlaybackForm = { mime: 'audio/webm', ext: 'webm', keepCodec: true }
const AAC_AS_RECORDED: PlaybackForm = { mime: 'audio/mp4', ext: 'm4a', keepCodec: true }
export const PLAYBACK_RENDITION = { mime: 'audio/mp4', ext: 'm4a', codec: 'aac', sampleRate: 48_000, bitrate: '64k' } as const
const ENCODED: PlaybackForm = { mime: PLAYBACK_RENDITION.mime, ext: PLAYBACK_RENDITION.ext, keepCodec: false }

/** The form a recording in `codec` is kept in. */
export function playbackFormOf(codec: string | null): PlaybackForm {
  if (codec === 'opus') return OPUS_AS_RECORDED
  if (codec === 'aac') return AAC_AS_RECORDED
  return ENCODED
}

const ENCODE_TIMEOUT_MS = 180_000

/**
 * How every ffmpeg run of Hearth's begins: errors only, no reading from stdin, an output file replaced, then `input`
 * from `start` seconds for at most `seconds`, its audio alone, without metadata, as mono at `rate` Hz. The start
 * comes after -i, so it is decoded and exact: WebM from a browser has no index to seek by. Callers add the codec
 * and the output.
 */
export function ffmpegAudioArgs(input: string, { start = 0, seconds, rate }: { start?: number; seconds: number; rate: number }): string[] {
  return [
    ...['-v', 'error', '-nostdin', '-y', '-i', input],
    ...(start > 0 ? ['-ss', start.toFixed(3)] : []),
    ...['-t', seconds.toFixed(3), '-vn', '-map_metadata', '-1', '-ac', '1', '-ar', String(rate)],
  ]
}

/**
 * Writes `span` of `inputPath` at `outputPath` in `form`: the codec copied (no decoding, no encoding) where the form
 * keeps it, else encoded. The index goes to the front either way, so a player can seek before it has the whole
 * file. Rejects when ffmpeg fails.
 */
export async function makePlayable(
  inputPath: string,
  outputPath: string,
  span: { start: number; end: number },
  form: PlaybackForm,
  ffmpegPath = 'ffmpeg',
): Promise<void> {
  const seconds = Math.min(span.end - span.start, DECODE_LIMIT_SECONDS)
  const args = form.keepCodec
    ? [
        ...['-v', 'error', '-nostdin', '-y', '-i', inputPath],
        ...(span.start > 0 ? ['-ss', span.start.toFixed(3)] : []),
        ...['-t', seconds.toFixed(3), '-vn', '-map', '0:a:0', '-map_metadata', '-1', '-c:a', 'copy'],
        ...(form.ext === 'webm' ? ['-cues_to_front', '1', '-f', 'webm'] : ['-movflags', '+faststart', '-f', 'mp4']),
        outputPath,
      ]
    : [
        ...ffmpegAudioArgs(inputPath, { start: span.start, seconds, rate: PLAYBACK_RENDITION.sampleRate }),
        ...['-c:a', PLAYBACK_RENDITION.codec, '-b:a', PLAYBACK_RENDITION.bitrate],
        ...['-movflags', '+faststart', '-f', 'mp4', outputPath],
      ]
  const { code, stderr, killedBecause } = await runToEnd(ffmpegPath, args, { timeoutMs: ENCODE_TIMEOUT_MS })
  if (killedBecause) throw new Error(`ffmpeg was stopped after ${ENCODE_TIMEOUT_MS / 1000} s`)
  if (code !== 0) throw new Error(stderr.trim().split('\n').pop() || `ffmpeg exited with ${code}`)
}

/** A recording may run a little past 10 minutes: the recorder stops at 600 s, containers round up. */
export const DURATION_TOLERANCE_SECONDS = 1

/** Which rule a decoded recording breaks, as the text the person reads; null when it keeps them all. */
export function refusalOf(decoded: Pick<DecodedAudio, 'durationSeconds' | 'peak'>): string | null {
  if (decoded.durationSeconds > RECORDING_MAX_SECONDS + DURATION_TOLERANCE_SECONDS) return MESSAGE_TEXTS.tooLong
  if (decoded.durationSeconds < 0.1) return MESSAGE_TEXTS.empty
  if (decoded.peak < SILENCE_PEAK) return MESSAGE_TEXTS.silent
  return null
}

/** The rate of the one pass's samples: what every speech engine reads (16 kHz mono). */
const ONE_PASS_RATE = 16_000

export type PreparedRecording = {
  mime: string
  ext: string
  /** the playable form, in the caller's folder */
  playablePath: string
  durationSeconds: number
  waveform: number[]
  /** the kept span as 16 kHz mono 16-bit WAV, cut from the same decode: what a speech engine hears */
  speechWavPath: string
}

/**
 * The one pass over a received recording (decision 174): decoded once to 16 kHz mono samples, measured from them
 * (duration, peak, waveform, silence over a second trimmed from either end), refused with a ValidationError naming
 * the rule it breaks, then written in its playback form (`makePlayable`: Opus and AAC re-wrapped, anything else
 * encoded) and, from the same samples, as the WAV a speech engine hears, so the transcript's word timings count
 * from the start of what is kept. Everything it writes is in `workDir`, which the caller removes.
 */
export async function prepareRecording(inputPath: string, workDir: string, ffmpegPath = 'ffmpeg'): Promise<PreparedRecording> {
  const received = await decodeAudio(inputPath, { ffmpegPath, rate: ONE_PASS_RATE, keepPcm: true }).catch((error: unknown) => {
    // a launcher that stopped says nothing of the recording: the job tries again
    if (error instanceof LauncherStoppedError) throw error
    throw new ValidationError(MESSAGE_TEXTS.notAudio)
  })
  const refusal = refusalOf(received)
  if (refusal) throw new ValidationError(refusal)
  const span = keptSpan(received)
  const form = playbackFormOf(received.codec)
  const playablePath = path.join(workDir, `playable.${form.ext}`)
  await makePlayable(inputPath, playablePath, span, form, ffmpegPath)
  const measured = measureSpan(received, span)
  const speechWavPath = path.join(workDir, 'speech.wav')
  const pcm = received.pcm ?? Buffer.alloc(0)
  const first = Math.floor(span.start * ONE_PASS_RATE) * 2
  const last = Math.min(pcm.length, Math.ceil(span.end * ONE_PASS_RATE) * 2)
  await fs.writeFile(speechWavPath, wavOf(pcm.subarray(first, last), ONE_PASS_RATE))
  return {
    mime: form.mime,
    ext: form.ext,
    playablePath,
    durationSeconds: Math.round(measured.durationSeconds * 100) / 100,
    waveform: measured.waveform,
    speechWavPath,
  }
}

/**
 * Mono 16-bit PCM in the canonical 44-byte WAV header (no LIST chunk): pocketsphinx_continuous skips exactly 44
 * bytes and would read anything more as samples.
 */
export function wavOf(pcm: Buffer, rate: number): Buffer {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(36 + pcm.length, 4)
  header.write('WAVEfmt ', 8, 'ascii')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'ascii')
  header.writeUInt32LE(pcm.length, 40)
  return Buffer.concat([header, pcm])
}
