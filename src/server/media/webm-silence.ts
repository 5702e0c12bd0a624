import fs from 'node:fs/promises'

/**
 * A silent take told from its bytes, without decoding it (decision 211). An upload is stored without ffmpeg (decision
 * 174), so the silence check of the message's job came only after the message was delivered. But Opus codes digital
 * silence (a muted or dead microphone: what Chromium's MediaRecorder sends then) in a few bytes a frame: 3 from
 * libopus, 8 from Chromium; a frame with anything in it, even noise under hearing, takes tens of bytes. So a WebM
 * whose one track is Opus and whose every frame is this small holds nothing to hear. Quiet but not digitally silent
 * takes are left to the job's decode, which refuses them by their peak as before.
 */
export const SILENT_OPUS_FRAME_BYTES = 10
/**
 * Only the start of a file is read: a silent take of the longest allowed length (10 minutes of 8-byte frames and
 * their block headers) is about 200 kB, so a file past this size has frames with sound in it anyway.
 */
const READ_AT_MOST_BYTES = 1024 * 1024

const EBML_HEADER = 0x1a45dfa3
/** elements whose children are read in turn, as if they were siblings (their order is all that matters here) */
const DESCEND = new Set([
  0x18538067 /* Segment */, 0x1f43b675 /* Cluster */, 0xa0 /* BlockGroup */, 0x1654ae6b /* Tracks */, 0xae /* TrackEntry */,
])
const SIMPLE_BLOCK = 0xa3
const BLOCK = 0xa1
const CODEC_ID = 0x86

/** An EBML variable-length integer at `at`: its value (without the length marker for sizes) and its length. */
function readVint(buffer: Buffer, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = buffer[at]
  if (first === undefined || first === 0) return null
  const length = Math.clz32(first) - 23
  if (length > 8 || at + length > buffer.length) return null
  let value = keepMarker ? first : first & (0xff >> length)
  let allOnes = value === 0xff >> length
  for (let i = 1; i < length; i++) {
    const byte = buffer[at + i] ?? 0
    value = value * 256 + byte
    if (byte !== 0xff) allOnes = false
  }
  return { value, length, unknown: !keepMarker && allOnes }
}

/**
 * Whether a WebM file is an Opus recording with nothing to hear: every frame at most SILENT_OPUS_FRAME_BYTES. False
 * for anything else, and for what it cannot read plainly (laced blocks, a second track, another codec): the job's
 * decode judges those.
 */
export function isSilentWebmOpus(buffer: Buffer): boolean {
  if (buffer.length < 4 || buffer.readUInt32BE(0) !== EBML_HEADER) return false
  let at = 0
  let tracks = 0
  let opus = false
  let frames = 0
  while (at < buffer.length) {
    const id = readVint(buffer, at, true)
    if (!id) return false
    const size = readVint(buffer, at + id.length, false)
    if (!size) return false
    const start = at + id.length + size.length
    if (DESCEND.has(id.value)) {
      if (id.value === 0xae) tracks++
      at = start
      continue
    }
    // a cut-off last element (the file was read in part) ends the walk
    if (size.unknown) return false
    const end = start + size.value
    if (id.value === CODEC_ID) opus = buffer.toString('latin1', start, Math.min(end, buffer.length)) === 'A_OPUS'
    if (id.value === SIMPLE_BLOCK || id.value === BLOCK) {
      if (end > buffer.length) break
      const track = readVint(buffer, start, false)
      if (!track) return false
      const flags = buffer[start + track.length + 2] ?? 0
      // laced frames would need their own sizes read: leave such a file to the decode
      if ((flags & 0x06) !== 0) return false
      const frame = end - (start + track.length + 3)
      if (frame > SILENT_OPUS_FRAME_BYTES) return false
      frames++
    }
    at = end
  }
  return opus && tracks === 1 && frames > 0
}

/** `isSilentWebmOpus` of the file at `filePath`, reading no more than its start. */
export async function isSilentWebmOpusFile(filePath: string): Promise<boolean> {
  const file = await fs.open(filePath, 'r')
  try {
    const { size } = await file.stat()
    if (size > READ_AT_MOST_BYTES) return false
    const buffer = Buffer.alloc(size)
    await file.read(buffer, 0, size, 0)
    return isSilentWebmOpus(buffer)
  } finally {
    await file.close()
  }
}
