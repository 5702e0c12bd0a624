import { createReadStream } from 'node:fs'
import { createGunzip } from 'node:zlib'

/** What a tar file says of one of its members. */
export type TarEntry = {
  /** as stored, without a trailing slash */
  name: string
  type: 'file' | 'directory' | 'symbolic link' | 'hard link' | 'character device' | 'block device' | 'FIFO' | 'other'
  /** the permission bits, setuid, setgid and sticky included */
  mode: number
  size: number
}

const BLOCK = 512
const TYPES: Record<string, TarEntry['type']> = {
  '0': 'file',
  '\0': 'file',
  '7': 'file',
  '1': 'hard link',
  '2': 'symbolic link',
  '3': 'character device',
  '4': 'block device',
  '5': 'directory',
  '6': 'FIFO',
}

export class TarFormatError extends Error {}

const text = (header: Buffer, start: number, length: number) => {
  const field = header.subarray(start, start + length)
  const end = field.indexOf(0)
  return field.subarray(0, end === -1 ? length : end).toString('utf8')
}

/** An octal field, or GNU's base-256 one (its first byte's high bit set) for sizes over 8 GB. */
function numeric(header: Buffer, start: number, length: number): number {
  const field = header.subarray(start, start + length)
  if ((field[0] ?? 0) & 0x80) return field.subarray(1).reduce((value, byte) => value * 256 + byte, (field[0] ?? 0) & 0x7f)
  const digits = text(header, start, length).trim()
  if (!/^[0-7]*$/.test(digits)) throw new TarFormatError('a member header holds a number that is not octal')
  return digits ? Number.parseInt(digits, 8) : 0
}

/** The header's checksum holds: the sum of its bytes, the checksum field counted as spaces. */
function checksumHolds(header: Buffer): boolean {
  let sum = 0
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0)
  return numeric(header, 148, 8) === sum
}

/** A pax extended header's records (`<length> <key>=<value>\n`). */
function paxRecords(data: Buffer): Map<string, string> {
  const records = new Map<string, string>()
  let offset = 0
  while (offset < data.length) {
    const space = data.indexOf(0x20, offset)
    const length = Number.parseInt(data.subarray(offset, space).toString('utf8'), 10)
    if (space === -1 || !Number.isInteger(length) || length <= 0) throw new TarFormatError('a pax header is malformed')
    const record = data.subarray(space + 1, offset + length - 1).toString('utf8')
    const equals = record.indexOf('=')
    records.set(record.slice(0, equals), record.slice(equals + 1))
    offset += length
  }
  return records
}

/**
 * The members of the gzipped tar file `file`, in order, read as GNU tar reads them (POSIX ustar, GNU's long names and
 * pax headers), without extracting anything; the contents of the regular files `keep` names (small ones: they are held
 * in memory). Throws TarFormatError when it is not a gzipped tar file or ends early.
 */
export async function readTarEntries(
  file: string,
  keep: (name: string) => boolean = () => false,
): Promise<{ entries: TarEntry[]; contents: Map<string, Buffer> }> {
  const entries: TarEntry[] = []
  const contents = new Map<string, Buffer>()
  let header = Buffer.alloc(0)
  /** bytes of the current member (data and padding) still to come, and what to do with its data */
  let toSkip = 0
  let dataLeft = 0
  let collected = null as Buffer[] | null
  let onData = null as ((data: Buffer) => void) | null
  /** what a GNU long-name or pax header says of the next member */
  let next: { name?: string; size?: number } = {}
  let ended = false

  const member = (block: Buffer) => {
    if (block.every((byte) => byte === 0)) {
      ended = true
      return
    }
    if (!checksumHolds(block)) throw new TarFormatError('a member header is damaged (its checksum does not hold)')
    const flag = String.fromCharCode(block[156] ?? 0)
    const posix = block.subarray(257, 263).toString('latin1') === 'ustar\0'
    const prefix = posix ? text(block, 345, 155) : ''
    const name = next.name ?? (prefix ? `${prefix}/${text(block, 0, 100)}` : text(block, 0, 100))
    const size = next.size ?? numeric(block, 124, 12)
    toSkip = Math.ceil(size / BLOCK) * BLOCK
    dataLeft = size
    collected = null
    onData = null
    if (flag === 'L' || flag === 'x' || flag === 'K') {
      // metadata about the next member; a link's long target (K) matters to nobody here: links are refused by type
      collected = []
      onData = (data) => {
        if (flag === 'L') next = { ...next, name: text(data, 0, data.length) }
        if (flag === 'x') {
          const records = paxRecords(data)
          const path = records.get('path')
          const paxSize = records.get('size')
          next = { ...next, ...(path ? { name: path } : {}), ...(paxSize ? { size: Number(paxSize) } : {}) }
        }
      }
      return
    }
    next = {}
    if (flag === 'g') return // pax global header: nothing of one member
    const entry: TarEntry = { name: name.replace(/\/+$/, ''), type: TYPES[flag] ?? 'other', mode: numeric(block, 100, 8), size }
    entries.push(entry)
    if (entry.type === 'file' && keep(entry.name)) {
      collected = []
      onData = (data) => contents.set(entry.name, data)
    }
  }

  const stream = createReadStream(file).pipe(createGunzip())
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let offset = 0
      // after the end only zeros: a member hidden behind a zero block is refused, whatever a reader would do with it
      if (ended && chunk.some((byte) => byte !== 0)) throw new TarFormatError('it holds data after its end')
      while (offset < chunk.length && !ended) {
        if (toSkip > 0) {
          const take = Math.min(toSkip, chunk.length - offset)
          const data = Math.min(take, dataLeft)
          if (collected && data > 0) collected.push(chunk.subarray(offset, offset + data))
          dataLeft -= data
          toSkip -= take
          offset += take
          if (toSkip === 0 && collected) onData?.(Buffer.concat(collected))
          continue
        }
        const take = Math.min(BLOCK - header.length, chunk.length - offset)
        header = Buffer.concat([header, chunk.subarray(offset, offset + take)])
        offset += take
        if (header.length < BLOCK) continue
        const block = header
        header = Buffer.alloc(0)
        member(block)
        if (toSkip === 0 && collected) onData?.(Buffer.alloc(0))
        if (ended && chunk.subarray(offset).some((byte) => byte !== 0)) throw new TarFormatError('it holds data after its end')
      }
    }
  } catch (error) {
    if (error instanceof TarFormatError) throw error
    throw new TarFormatError(`it is not a whole gzip file (${(error as Error).message})`)
  }
  if (!ended || toSkip > 0 || header.length > 0) throw new TarFormatError('it ends before its last member')
  return { entries, contents }
}
