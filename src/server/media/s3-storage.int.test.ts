import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import { afterAll, describe, expect, it } from 'vitest'
import { startS3Server } from '#server/test/s3-server.ts'
import { createS3Storage } from './s3-storage.ts'
import { createLocalStorage } from './storage.ts'
import { migrateStorage } from './storage-migrate.ts'

const s3 = await startS3Server()
const storage = createS3Storage(s3.config)
const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-s3-files-'))
afterAll(async () => {
  storage.close()
  await s3.close()
  await fs.rm(tmp, { recursive: true, force: true })
})

const owner = 'user_' + randomBytes(4).toString('hex')
let n = 0
async function fileWith(bytes: Buffer) {
  const file = path.join(tmp, `f${n++}`)
  await fs.writeFile(file, bytes)
  return file
}
const bytesOf = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

describe('the S3 driver against a real S3-compatible server', () => {
  it('stores a file (moving it), tells its size, reads it whole and by range, lists it, and deletes it', async () => {
    const key = `${owner}/1-a.webm`
    const from = await fileWith(Buffer.from('0123456789'))
    await storage.putFile(key, from)
    await expect(fs.stat(from)).rejects.toThrow()
    expect(await storage.size(key)).toBe(10)
    expect(await text(storage.read(key))).toBe('0123456789')
    expect(await text(storage.read(key, { start: 2, end: 5 }))).toBe('2345')
    const listed = []
    for await (const item of storage.list()) listed.push(item)
    expect(listed.find((item) => item.key === key)?.storedAt.getTime()).toBeGreaterThan(Date.now() - 60_000)
    await storage.remove(key)
    expect(await storage.size(key)).toBeNull()
  })

  it('sends a large file as a streamed multipart upload and gets every byte back', async () => {
    const big = randomBytes(9 * 1024 * 1024 + 123)
    const key = `${owner}/2-big.webm`
    await storage.putFile(key, await fileWith(big))
    expect(await storage.size(key)).toBe(big.length)
    expect((await bytesOf(storage.read(key))).equals(big)).toBe(true)
    const tail = await bytesOf(storage.read(key, { start: big.length - 100, end: big.length - 1 }))
    expect(tail.equals(big.subarray(big.length - 100))).toBe(true)
  })

  it('reports a missing object: size null, reading fails', async () => {
    expect(await storage.size(`${owner}/nothing.webm`)).toBeNull()
    await expect(text(storage.read(`${owner}/nothing.webm`))).rejects.toThrow()
  })

  it('refuses unsafe keys before any request', async () => {
    await expect(storage.size('../etc/passwd')).rejects.toThrow(/unsafe/)
    expect(() => storage.read('a/../../b')).toThrow(/unsafe/)
  })

  // s3rver checks a SigV4 request's form, access key and expiry but not the signature's bytes, so the forgery
  // tried here is an unknown access key
  it('presigns a GET that serves the object and its ranges with the type of the key, and a forged one is refused', async () => {
    const key = `${owner}/3-voice.webm`
    await storage.putFile(key, await fileWith(Buffer.from('voice-bytes')))
    const url = await storage.presignGet(key, new Date(Date.now() + 3600_000))
    expect(url).toContain('X-Amz-Signature=')
    expect(url).toContain('X-Amz-Expires=')
    const whole = await fetch(url)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-type')).toBe('audio/webm')
    expect(await whole.text()).toBe('voice-bytes')
    const part = await fetch(url, { headers: { range: 'bytes=6-' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe('bytes 6-10/11')
    expect(await part.text()).toBe('bytes')
    const forged = new URL(url)
    forged.searchParams.set('X-Amz-Credential', (forged.searchParams.get('X-Amz-Credential') ?? '').replace('S3RVER', 'SOMEONE'))
    expect((await fetch(forged)).status).toBe(403)
  })

  it('makes the presigned URL end when the app URL ends', async () => {
    const key = `${owner}/4-voice.webm`
    await storage.putFile(key, await fileWith(Buffer.from('x')))
    const url = new URL(await storage.presignGet(key, new Date(Date.now() + 600_000)))
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeGreaterThan(590)
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(600)
  })

  it('says plainly at start when the bucket is missing or the key is wrong', async () => {
    await expect(storage.verify()).resolves.toBeUndefined()
    const missing = createS3Storage({ ...s3.config, bucket: 'no-such-bucket' })
    await expect(missing.verify()).rejects.toThrow('the S3 bucket no-such-bucket at ' + s3.endpoint + ' cannot be used: it does not exist')
    missing.close()
    const wrongKey = createS3Storage({ ...s3.config, accessKeyId: 'SOMEONE' })
    await expect(wrongKey.verify()).rejects.toThrow(/cannot be used/)
    wrongKey.close()
  })
})

describe('storage:migrate', () => {
  it('copies every local object to S3, verifies sizes, skips what is there already, and keeps the local files', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-local-media-'))
    const local = createLocalStorage(root)
    const who = 'user_' + randomBytes(4).toString('hex')
    const keys = [`${who}/1-a.webm`, `${who}/2-b-avatar40.webp`, `${who}/3-c.ogg`]
    for (const [i, key] of keys.entries()) await local.putFile(key, await fileWith(randomBytes(1000 + i)))
    // an earlier run stopped after the first object
    await fs.copyFile(path.join(root, keys[0] ?? ''), path.join(tmp, 'again'))
    await storage.putFile(keys[0] ?? '', path.join(tmp, 'again'))

    const lines: string[] = []
    const first = await migrateStorage({ from: local, to: storage, tmpDir: tmp, log: (line) => lines.push(line) })
    expect(first).toEqual({ copied: 2, skipped: 1, failed: 0 })
    for (const [i, key] of keys.entries()) {
      expect(await storage.size(key)).toBe(1000 + i)
      expect((await bytesOf(storage.read(key))).equals(await fs.readFile(path.join(root, key)))).toBe(true)
    }
    expect(await local.size(keys[2] ?? '')).toBe(1002)
    expect(await migrateStorage({ from: local, to: storage, tmpDir: tmp, log: () => undefined })).toEqual({
      copied: 0,
      skipped: 3,
      failed: 0,
    })
    expect(lines.at(-1)).toMatch(/2 copied, 1 already there, 0 failed/)
  })

  it('copies again an object whose size differs in S3 (a copy cut off), and counts one that cannot be read as failed', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-local-media-'))
    const local = createLocalStorage(root)
    const who = 'user_' + randomBytes(4).toString('hex')
    await local.putFile(`${who}/1-a.webm`, await fileWith(randomBytes(500)))
    await storage.putFile(`${who}/1-a.webm`, await fileWith(randomBytes(100)))
    const broken = { ...local, size: async (key: string) => (key.endsWith('2-b.webm') ? 10 : local.size(key)) }
    await local.putFile(`${who}/2-b.webm`, await fileWith(randomBytes(20)))
    const result = await migrateStorage({ from: broken, to: storage, tmpDir: tmp, log: () => undefined })
    expect(result).toEqual({ copied: 1, skipped: 0, failed: 1 })
    expect(await storage.size(`${who}/1-a.webm`)).toBe(500)
  })
})
