import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const made = new Map<string, Promise<Buffer>>()

/**
 * A real recording made with ffmpeg (a tone, or silence), as browsers upload them: Opus in WebM by
 * default. Generated once per shape and kept in memory for the test run; its
 * temporary folder is removed once read.
 */
export function makeAudio({
  seconds = 2,
  format = 'webm',
  silent = false,
}: { seconds?: number; format?: 'webm' | 'ogg' | 'wav'; silent?: boolean } = {}): Promise<Buffer> {
  const id = `${seconds}-${format}-${silent}`
  let file = made.get(id)
  if (!file) {
    file = (async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-audio-'))
      const out = path.join(dir, `clip.${format}`)
      const source = silent ? `anullsrc=r=16000:cl=mono:d=${seconds}` : `sine=frequency=330:sample_rate=16000:duration=${seconds}`
      const codec = format === 'wav' ? ['-c:a', 'pcm_s16le'] : ['-c:a', 'libopus', '-b:a', '16k']
      try {
        await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', source, ...codec, '-y', out])
        return await fs.readFile(out)
      } finally {
        await fs.rm(dir, { recursive: true, force: true })
      }
    })()
    made.set(id, file)
  }
  return file
}
