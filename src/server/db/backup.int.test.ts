import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import type { ContactList } from '#shared/contacts.ts'
import type { AudioUpload, Message } from '#shared/messages.ts'
import type { Photo } from '#shared/photos.ts'
import { connectDatabase } from '#server/db/client.ts'
import { makeAudio } from '#server/test/audio-files.ts'
import { insertConnectedPair, insertPerson } from '#server/test/data.ts'
import { killHearthProcesses, startHearthProcess } from '#server/test/hearth-process.ts'
import { makeJpeg } from '#server/test/images.ts'
import { signInOverHttp } from '#server/test/sign-in.ts'
import { SPOKEN_TEXT, startSpeechServer } from '#server/test/speech-server.ts'

// `npm run backup` and `npm run restore` on a real install (`main.ts` on its embedded PostgreSQL): dump, wipe,
// restore, and everything is there (decision 103).
const root = fileURLToPath(new URL('../../..', import.meta.url))
const ORIGIN = 'http://localhost:3999'
const work = await fs.mkdtemp('/tmp/hearth-int-backup-')
await fs.chmod(work, 0o755) // (mkdtemp makes it 700; the postgres user must reach the cluster inside)
const dataDir = path.join(work, 'data')
const backupFile = path.join(work, 'hearth-backup.tar.gz')

const speech = await startSpeechServer()

afterAll(async () => {
  killHearthProcesses()
  speech.close()
  await fs.rm(work, { recursive: true, force: true })
})

const startHearth = () =>
  startHearthProcess({
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    TRANSCRIBE_ENGINE: 'openai',
    OPENAI_BASE_URL: speech.url,
    OPENAI_API_KEY: 'test',
    RATE_LIMIT_ENABLED: 'false',
  })

/** `npm run backup` / `npm run restore` as a person runs them; answers the exit code and what it printed. */
async function npmRun(script: 'backup' | 'restore', file: string) {
  const result = await promisify(execFile)(process.execPath, [`scripts/${script}.ts`, file], {
    cwd: root,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
  )
  return result
}

const bytesOf = async (url: string, cookie = '') => {
  const response = await fetch(url, { headers: { cookie } })
  expect(response.status).toBe(200)
  return Buffer.from(await response.arrayBuffer())
}

describe('backup and restore', () => {
  it('gives back people, messages with transcripts, recordings and photos after the data folder was wiped', async () => {
    const before = await startHearth()
    const port = /embedded PostgreSQL on 127\.0\.0\.1:(\d+)/.exec(before.output())?.[1]
    const { postgresPassword } = JSON.parse(await fs.readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as { postgresPassword: string }
    const database = connectDatabase(`postgres://postgres:${postgresPassword}@127.0.0.1:${port}/hearth`)
    const ada = await insertPerson(database.db, { name: 'Ada' })
    const bob = await insertPerson(database.db, { name: 'Bob' })
    const { aToB, bToA } = await insertConnectedPair(database.db, ada, bob)
    await database.close()
    const adaCookie = await signInOverHttp(before.url, ada, ORIGIN)
    const post = (url: string, cookie: string, body: BodyInit, type: string) =>
      fetch(`${before.url}${url}`, { method: 'POST', headers: { origin: ORIGIN, cookie, 'content-type': type }, body })

    const photo = (await (await post('/api/photos', adaCookie, new Uint8Array(await makeJpeg()), 'image/jpeg')).json()) as Photo
    const uploaded = await post('/api/audio', adaCookie, new Uint8Array(await makeAudio({ seconds: 1 })), 'audio/webm')
    const { upload_id } = (await uploaded.json()) as AudioUpload
    const sent = (await (
      await post('/api/messages', adaCookie, JSON.stringify({ contact_id: aToB, upload_id }), 'application/json')
    ).json()) as Message
    const messageOf = async (base: string) =>
      (await (await fetch(`${base}/api/messages/${sent.id}`, { headers: { cookie: adaCookie } })).json()) as Message
    await expect.poll(async () => (await messageOf(before.url)).processing_status, { timeout: 20_000 }).toBe('completed')
    const recording = await bytesOf(`${before.url}${(await messageOf(before.url)).audio_url}`)
    const picture = await bytesOf(`${before.url}${photo.urls.card}`)

    // refused while Hearth runs: a copy of a running cluster is no backup
    const refused = await npmRun('backup', backupFile)
    expect(refused.code).toBe(1)
    expect(refused.output).toContain('stop Hearth first')

    before.kill('SIGTERM')
    expect(await before.exited).toBe(0)
    const backedUp = await npmRun('backup', backupFile)
    expect(backedUp.code, backedUp.output).toBe(0)
    expect(backedUp.output).toContain(`backed up ${dataDir} to ${backupFile}`)

    await fs.rm(dataDir, { recursive: true })
    const restored = await npmRun('restore', backupFile)
    expect(restored.code, restored.output).toBe(0)
    // a restore never overwrites
    const again = await npmRun('restore', backupFile)
    expect(again.code).toBe(1)
    expect(again.output).toContain('already holds postgres, media, secrets.json')

    const after = await startHearth()
    // the session from before the backup still holds: sessions, people and secrets came back together
    const message = await messageOf(after.url)
    expect(message).toMatchObject({ id: sent.id, processing_status: 'completed', transcription: SPOKEN_TEXT })
    expect((await bytesOf(`${after.url}${message.audio_url}`)).equals(recording)).toBe(true)
    expect((await bytesOf(`${after.url}${photo.urls.card}`)).equals(picture)).toBe(true)
    const bobCookie = await signInOverHttp(after.url, bob, ORIGIN)
    const contacts = (await (await fetch(`${after.url}/api/contacts`, { headers: { cookie: bobCookie } })).json()) as ContactList
    expect(contacts.contacts).toEqual([expect.objectContaining({ id: bToA, name: 'Ada', unread_count: 1 })])
    after.kill('SIGTERM')
    expect(await after.exited).toBe(0)
  }, 180_000)
})
