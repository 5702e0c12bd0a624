import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import type { AudioUpload, Message } from '#shared/messages.ts'
import { connectDatabase } from '#server/db/client.ts'
import { makeAudio } from '#server/test/audio-files.ts'
import { insertConnectedPair, insertPerson } from '#server/test/data.ts'
import { killHearthProcesses, startHearthProcess } from '#server/test/hearth-process.ts'
import { signInOverHttp } from '#server/test/sign-in.ts'

// `npm run backup` while Hearth serves and messages keep arriving, then `npm run restore` into a fresh DATA_DIR on a
// real install (`main.ts` on its embedded PostgreSQL): every message acknowledged before the backup began comes back
// with its recording byte for byte, and those acknowledged during it come back as an unbroken run (decision 159).
const root = fileURLToPath(new URL('../../..', import.meta.url))
const ORIGIN = 'http://localhost:3999'
const work = await fs.mkdtemp('/tmp/hearth-int-backup-')
await fs.chmod(work, 0o755) // (mkdtemp makes it 700; the postgres user must reach the cluster inside)
const dataDir = path.join(work, 'data')
const restoredDir = path.join(work, 'restored')
const backupFile = path.join(work, 'hearth-backup.tar.gz')

afterAll(async () => {
  killHearthProcesses()
  await fs.rm(work, { recursive: true, force: true })
})

const startHearth = (dir: string) =>
  startHearthProcess({ DATA_DIR: dir, PUBLIC_URL: ORIGIN, TRANSCRIBE_ENGINE: 'none', RATE_LIMIT_ENABLED: 'false' })

/** `npm run backup` / `npm run restore` as a person runs them; answers the exit code and what it printed. */
async function npmRun(script: 'backup' | 'restore', dir: string, file: string) {
  return promisify(execFile)(process.execPath, [`scripts/${script}.ts`, file], {
    cwd: root,
    env: { PATH: process.env.PATH, DATA_DIR: dir },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
  )
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** A sent message's recording, as the server at `base` serves it: its sha256, or null when the message is not there. */
async function recordingHash(base: string, cookie: string, id: string): Promise<string | null> {
  const response = await fetch(`${base}/api/messages/${id}`, { headers: { cookie } })
  if (response.status === 404) return null
  expect(response.status).toBe(200)
  const { audio_url } = (await response.json()) as Message
  const audio = await fetch(`${base}${audio_url}`)
  expect(audio.status).toBe(200)
  return sha256(Buffer.from(await audio.arrayBuffer()))
}

describe('online backup and restore', () => {
  it('gives back every message acknowledged before the backup began, recordings byte for byte, while messages kept arriving', async () => {
    const before = await startHearth(dataDir)
    const port = /embedded PostgreSQL on 127\.0\.0\.1:(\d+)/.exec(before.output())?.[1]
    const { appDatabasePassword } = JSON.parse(await fs.readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as {
      appDatabasePassword: string
    }
    const database = connectDatabase(`postgres://hearth:${appDatabasePassword}@127.0.0.1:${port}/hearth`)
    const ada = await insertPerson(database.db, { name: 'Ada' })
    const bob = await insertPerson(database.db, { name: 'Bob' })
    const { aToB, bToA } = await insertConnectedPair(database.db, ada, bob)
    await database.close()
    const cookie = await signInOverHttp(before.url, ada, ORIGIN)
    // Ada and Bob take turns: nobody may send more than three messages in a row unanswered
    const turns = [
      { cookie, contactId: aToB },
      { cookie: await signInOverHttp(before.url, bob, ORIGIN), contactId: bToA },
    ]
    const post = (url: string, from: string, body: BodyInit, type: string) =>
      fetch(`${before.url}${url}`, { method: 'POST', headers: { origin: ORIGIN, cookie: from, 'content-type': type }, body })
    const clips = await Promise.all([1, 2].map((seconds) => makeAudio({ seconds })))

    // one writer, one message at a time: acknowledged (a 2xx received) in the order they were committed
    const acknowledged: string[] = []
    const uploadedHash = new Map<string, string>()
    let writing = true
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const turn = turns[i % 2] ?? { cookie, contactId: aToB }
        const uploaded = await post('/api/audio', turn.cookie, new Uint8Array(clips[i % clips.length] ?? Buffer.alloc(0)), 'audio/webm')
        expect(uploaded.status).toBe(201)
        const { upload_id } = (await uploaded.json()) as AudioUpload
        const body = JSON.stringify({ contact_id: turn.contactId, upload_id })
        const sent = await post('/api/messages', turn.cookie, body, 'application/json')
        expect(sent.status).toBe(201)
        const id = ((await sent.json()) as Message).id
        uploadedHash.set(id, sha256(clips[i % clips.length] ?? Buffer.alloc(0)))
        acknowledged.push(id)
      }
    })()
    await expect.poll(() => acknowledged.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3)

    const beforeBackup = acknowledged.length
    const backedUp = await npmRun('backup', dataDir, backupFile)
    expect(backedUp.code, backedUp.output).toBe(0)
    expect(backedUp.output).toContain(`backed up ${dataDir} to ${backupFile} (online: Hearth was running)`)
    writing = false
    await writer
    expect(acknowledged.length).toBeGreaterThan(beforeBackup)
    const served = new Map(await Promise.all(acknowledged.map(async (id) => [id, await recordingHash(before.url, cookie, id)] as const)))
    before.kill('SIGTERM')
    expect(await before.exited).toBe(0)

    // a restore never overwrites
    const refused = await npmRun('restore', dataDir, backupFile)
    expect(refused.code).toBe(1)
    expect(refused.output).toContain('already holds postgres, media, secrets.json')
    const restored = await npmRun('restore', restoredDir, backupFile)
    expect(restored.code, restored.output).toBe(0)

    const after = await startHearth(restoredDir)
    // the session from before the backup still holds: sessions, people and secrets came back together
    const found = await Promise.all(acknowledged.map(async (id) => ({ id, hash: await recordingHash(after.url, cookie, id) })))
    const kept = found.filter((message) => message.hash !== null)
    // every message in the backup has its recording byte for byte; everything acknowledged before it began is in,
    // and what is in is an unbroken run from the start (the WAL is replayed up to the backup's stop)
    // (or, for one the backup caught before its job made it playable, the recording as it was uploaded: decision 174)
    for (const message of kept) expect([served.get(message.id), uploadedHash.get(message.id)], message.id).toContain(message.hash)
    expect(kept.length).toBeGreaterThanOrEqual(beforeBackup)
    expect(kept.map((message) => message.id)).toEqual(acknowledged.slice(0, kept.length))
    after.kill('SIGTERM')
    expect(await after.exited).toBe(0)
  }, 120_000)
})
