import { describe, expect, it } from 'vitest'
import { pcmSamplesFromWav, readWavHeader } from './decode.ts'

/** A 16-bit PCM WAV built by hand, optionally with a LIST chunk (odd-sized, so padded) before `data`. */
function wav({
  channels = 1,
  samples,
  list = false,
  dataSize,
}: {
  channels?: number
  samples: number[]
  list?: boolean
  dataSize?: number
}): Buffer {
  const fmt = Buffer.alloc(24)
  fmt.write('fmt ', 0, 'ascii')
  fmt.writeUInt32LE(16, 4)
  fmt.writeUInt16LE(1, 8)
  fmt.writeUInt16LE(channels, 10)
  fmt.writeUInt32LE(16_000, 12)
  fmt.writeUInt32LE(16_000 * channels * 2, 16)
  fmt.writeUInt16LE(channels * 2, 20)
  fmt.writeUInt16LE(16, 22)
  const listChunk = Buffer.concat([Buffer.from('LIST'), Buffer.from([5, 0, 0, 0]), Buffer.from('INFOx'), Buffer.from([0])])
  const data = Buffer.alloc(8 + samples.length * 2)
  data.write('data', 0, 'ascii')
  data.writeUInt32LE(dataSize ?? samples.length * 2, 4)
  samples.forEach((s, i) => data.writeInt16LE(s, 8 + i * 2))
  const body = Buffer.concat([Buffer.from('WAVE'), fmt, ...(list ? [listChunk] : []), data])
  const riff = Buffer.alloc(8)
  riff.write('RIFF', 0, 'ascii')
  riff.writeUInt32LE(body.length, 4)
  return Buffer.concat([riff, body])
}

describe('readWavHeader', () => {
  it('finds the data chunk after other chunks, honouring the pad byte', () => {
    const header = readWavHeader(wav({ samples: [1, 2, 3], list: true }))
    expect(header).toEqual({ sampleRate: 16_000, channels: 1, bitsPerSample: 16, dataOffset: 44 + 14, dataBytes: 6, frames: 3 })
  })

  it('reads to the end of the file when the size says 0xFFFFFFFF (a WAV written to a pipe)', () => {
    expect(readWavHeader(wav({ samples: [1, 2, 3, 4], dataSize: 0xffffffff })).frames).toBe(4)
  })

  it('does not trust a data size larger than the file', () => {
    expect(readWavHeader(wav({ samples: [1, 2], dataSize: 1000 })).frames).toBe(2)
  })

  it('refuses what is not a 16-bit PCM WAV', () => {
    expect(() => readWavHeader(Buffer.from('OggS and then some bytes'))).toThrow(/Not a WAV file/)
    const float = wav({ samples: [1] })
    float.writeUInt16LE(3, 20)
    expect(() => readWavHeader(float)).toThrow(/Unsupported WAV encoding/)
    expect(() => readWavHeader(wav({ samples: [1] }).subarray(0, 36))).toThrow(/no data chunk/)
  })
})

describe('pcmSamplesFromWav', () => {
  it('scales samples to -1..1', () => {
    expect(Array.from(pcmSamplesFromWav(wav({ samples: [0, 16_384, -32_768, 32_767] })))).toEqual([0, 0.5, -1, 32_767 / 32_768])
  })

  it('averages the channels of a stereo file', () => {
    expect(Array.from(pcmSamplesFromWav(wav({ channels: 2, samples: [16_384, 0, -16_384, -16_384] })))).toEqual([0.25, -0.5])
  })
})
