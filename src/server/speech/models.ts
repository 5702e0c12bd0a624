import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'

/**
 * The ggml Whisper models Hearth knows, from whisper.cpp's model repository on Hugging Face. Checksums:
 * `sha256` is the file's Git LFS object id on Hugging Face (the hash its "Download" serves, also pinned by
 * several independent projects); `sha1` is the one whisper.cpp publishes in models/README.md. Both are
 * checked, along with the size.
 */
export const WHISPER_MODELS = {
  'base.en': {
    file: 'ggml-base.en.bin',
    bytes: 147_964_211,
    sha256: 'a03779c86df3323075f5e796cb2ce5029f00ec8869eee3fdfb897afe36c6d002',
    sha1: '137c40403d78fd54d454da0f9bd998f78703390c',
  },
  'tiny.en': {
    file: 'ggml-tiny.en.bin',
    bytes: 77_704_715,
    sha256: '921e4cf8686fdd993dcd081a5da5b6c365bfde1162e72b08d75ac75289920b1f',
    sha1: 'c78c86eb1a8faa21b369bcd33207cc90d64ae9df',
  },
} as const

export type WhisperModelName = keyof typeof WHISPER_MODELS
export type ModelFile = { file: string; bytes: number; sha256: string; sha1: string }

export const MODEL_BASE_URL = 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main'
/** a download that receives nothing for this long is given up */
const STALL_TIMEOUT_MS = 60_000

export class ModelDownloadError extends Error {}

type Hashes = { sha256: string; sha1: string; bytes: number }

async function hashFile(filePath: string): Promise<Hashes> {
  const sha256 = createHash('sha256')
  const sha1 = createHash('sha1')
  let bytes = 0
  for await (const chunk of createReadStream(filePath) as AsyncIterable<Buffer>) {
    sha256.update(chunk)
    sha1.update(chunk)
    bytes += chunk.length
  }
  return { sha256: sha256.digest('hex'), sha1: sha1.digest('hex'), bytes }
}

function mismatch(model: ModelFile, got: Hashes): string | null {
  if (got.bytes !== model.bytes) return `size ${got.bytes} bytes, expected ${model.bytes}`
  if (got.sha256 !== model.sha256) return `SHA-256 ${got.sha256}, expected ${model.sha256}`
  if (got.sha1 !== model.sha1) return `SHA-1 ${got.sha1}, expected ${model.sha1}`
  return null
}

export type DownloadOptions = {
  model: ModelFile
  url: string
  dir: string
  fetch?: typeof fetch
  log?: (line: string) => void
  /** bytes on disk so far, after each chunk (a resumed download starts at what it kept) */
  onProgress?: (bytes: number, total: number) => void
}

/**
 * Downloads `model` into `dir`: streamed to `<file>.part` beside the target while hashing, checked, then
 * renamed, so a half-finished or corrupt download never sits where the server looks for a model. A file
 * already there that passes the checks is kept. A transfer that breaks off keeps its `.part`, and the next
 * call asks only for the rest (HTTP Range); a server that ignores the range sends the whole file again. A
 * file whose checksum differs is removed, never resumed. Returns the model's path.
 */
export async function downloadModel({
  model,
  url,
  dir,
  fetch: doFetch = fetch,
  log = () => undefined,
  onProgress = () => undefined,
}: DownloadOptions): Promise<string> {
  await fs.mkdir(dir, { recursive: true })
  const target = path.join(dir, model.file)
  const existing = await fs.stat(target).catch(() => null)
  if (existing?.isFile()) {
    const problem = mismatch(model, await hashFile(target))
    if (!problem) {
      log(`${model.file} is already in ${dir} and its checksum matches`)
      return target
    }
    log(`${target} does not match (${problem}); downloading it again`)
  }

  const partial = `${target}.part`
  const have = (await fs.stat(partial).catch(() => null))?.size ?? 0
  const resumeFrom = have > 0 && have < model.bytes ? have : 0
  if (have > 0 && !resumeFrom) await fs.rm(partial, { force: true })
  const stall = new AbortController()
  let stallTimer = setTimeout(() => stall.abort(), STALL_TIMEOUT_MS)
  const keepAlive = () => {
    clearTimeout(stallTimer)
    stallTimer = setTimeout(() => stall.abort(), STALL_TIMEOUT_MS)
  }
  try {
    let response: Response
    try {
      const headers: Record<string, string> = resumeFrom ? { range: `bytes=${resumeFrom}-` } : {}
      response = await doFetch(url, { redirect: 'follow', signal: stall.signal, headers })
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : ''
      throw new ModelDownloadError(`could not reach ${url}: ${(error as Error).message}${cause}`)
    }
    if (!response.ok || !response.body)
      throw new ModelDownloadError(`${url} answered HTTP ${response.status} ${response.statusText}`.trim())

    const sha256 = createHash('sha256')
    const sha1 = createHash('sha1')
    let bytes = 0
    const resumed = resumeFrom > 0 && response.status === 206
    if (resumed) {
      // the part already on disk counts towards the checksums
      for await (const chunk of createReadStream(partial) as AsyncIterable<Buffer>) {
        sha256.update(chunk)
        sha1.update(chunk)
        bytes += chunk.length
      }
      log(`resuming ${model.file} at ${Math.round((bytes / model.bytes) * 100)}% from ${url}`)
    } else {
      log(`downloading ${model.file} (${Math.round(model.bytes / 1024 / 1024)} MiB) from ${url}`)
    }
    let reported = Math.floor((bytes / model.bytes) * 10)
    // each chunk is on disk before the next is read, so a transfer that breaks off keeps all it received
    const file = await fs.open(partial, resumed ? 'a' : 'w')
    try {
      for await (const chunk of Readable.fromWeb(response.body as WebReadableStream<Uint8Array>) as AsyncIterable<Buffer>) {
        keepAlive()
        await file.write(chunk)
        sha256.update(chunk)
        sha1.update(chunk)
        bytes += chunk.length
        onProgress(bytes, model.bytes)
        const tenth = Math.floor((bytes / model.bytes) * 10)
        if (tenth > reported && tenth < 10) {
          reported = tenth
          log(`  ${tenth * 10}%`)
        }
      }
    } catch (error) {
      const why = stall.signal.aborted ? `nothing received for ${STALL_TIMEOUT_MS / 1000} s` : (error as Error).message
      throw new ModelDownloadError(`the download from ${url} broke off after ${bytes} bytes (kept, the next try resumes): ${why}`)
    } finally {
      await file.close()
    }
    const problem = mismatch(model, { sha256: sha256.digest('hex'), sha1: sha1.digest('hex'), bytes })
    if (problem) {
      await fs.rm(partial, { force: true })
      throw new ModelDownloadError(`the downloaded ${model.file} is not the published file (${problem}); nothing was installed`)
    }
    await fs.rename(partial, target)
    return target
  } finally {
    clearTimeout(stallTimer)
  }
}
