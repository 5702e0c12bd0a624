import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import yauzl from 'yauzl'
import { audioMessages, invitations, profiles, profilePhotos, sessionMessages } from '#server/db/schema.ts'
import { insertConnectedPair } from '#server/test/data.ts'
import { makeJpeg, uploadPhoto } from '#server/test/images.ts'
import { insertSignedInPair, insertSignedInPerson } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { sendRecording, uploadRecording } from '#server/test/uploads.ts'

const dataDir = await fs.mkdtemp('/tmp/hearth-int-export-')
const { app, db } = await createTestApp({ DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false' })
const api = apiClient(app)

/** Every entry of a zip with its bytes. */
async function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  )
  const entries = new Map<string, Buffer>()
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error)
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks))
          zip.readEntry()
        })
      })
    })
    zip.on('end', resolve)
    zip.on('error', reject)
    zip.readEntry()
  })
  return entries
}

type ExportDocument = {
  profile: { id: string; email: string; name: string; welcome_message: string | null }
  contacts: { name: string }[]
  message_requests: { received: { name: string; status: string }[]; sent: { name: string }[] }
  blocked: { name: string }[]
  invitations: { id: string; kind: string; recipient_name: string | null; status: string; message: string | null }[]
  messages: {
    id: string
    direction: string
    with: string | null
    transcription: string | null
    emotions: string[]
    topics: string[]
    recording: string | null
  }[]
  photos: { id: string; is_primary: boolean; file: string }[]
  sessions: {
    id: string
    title: string
    messages: { id: string; role: string; text: string | null; recording: string | null }[]
  }[]
}

/** The archive of one person, unzipped, with its document read. */
async function exportOf(cookie: string) {
  const response = await api.get('/api/account/export', cookie)
  expect(response.statusCode).toBe(200)
  const entries = await unzip(response.rawPayload)
  return { entries, document: JSON.parse(entries.get('hearth-export.json')?.toString() ?? '{}') as ExportDocument }
}

describe('GET /api/account/export', () => {
  it('streams a zip of my profile, contacts, messages with their words and tags, my recordings and my photos', async () => {
    const { ada, bob, adaToBob, bobToAda } = await insertSignedInPair(app, db, ['Ada Export', 'Bob Export'])
    const sent = await sendRecording(app, ada.cookie, adaToBob)
    await db
      .update(audioMessages)
      .set({ transcription: 'See you on Sunday', emotions: ['joy'], topics: ['plans'] })
      .where(eq(audioMessages.id, sent.id))
    const received = await sendRecording(app, bob.cookie, bobToAda)
    expect(
      (await api.put('/api/profile/welcome-message', ada.cookie, { upload_id: await uploadRecording(app, ada.cookie) })).statusCode,
    ).toBe(200)
    const photo = await uploadPhoto(app, ada.cookie, await makeJpeg({ width: 300, height: 200, gps: false }))

    const response = await api.get('/api/account/export', ada.cookie)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/zip')
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="hearth-export-\d{4}-\d{2}-\d{2}\.zip"$/)
    expect(response.headers['cache-control']).toBe('no-store')
    const entries = await unzip(response.rawPayload)

    const document = JSON.parse(entries.get('hearth-export.json')?.toString() ?? '{}') as ExportDocument
    expect(document.profile).toMatchObject({ id: ada.id, email: ada.email, name: 'Ada Export' })
    expect(document.contacts.map((c) => c.name)).toEqual(['Bob Export'])
    expect(document.messages).toHaveLength(2)
    const mine = document.messages.find((m) => m.id === sent.id)
    expect(mine).toMatchObject({
      direction: 'sent',
      with: 'Bob Export',
      transcription: 'See you on Sunday',
      emotions: ['joy'],
      topics: ['plans'],
    })
    expect(document.messages.find((m) => m.id === received.id)).toMatchObject({ direction: 'received', recording: null })

    // the recordings are mine only, byte for byte what is stored
    const [stored] = await db.select().from(audioMessages).where(eq(audioMessages.id, sent.id))
    expect(entries.get(mine?.recording ?? '')).toEqual(await fs.readFile(`${dataDir}/media/${stored?.audioKey}`))
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, ada.id))
    expect(entries.get(document.profile.welcome_message ?? '')).toEqual(await fs.readFile(`${dataDir}/media/${profile?.welcomeAudioKey}`))
    const [photoRow] = await db.select().from(profilePhotos).where(eq(profilePhotos.id, photo.id))
    expect(document.photos).toEqual([expect.objectContaining({ id: photo.id, is_primary: true })])
    expect(entries.get(document.photos[0]?.file ?? '')).toEqual(await fs.readFile(`${dataDir}/media/${photoRow?.baseKey}-hero3x.webp`))
    const recordings = [...entries.keys()].filter((name) => name.startsWith('recordings/'))
    expect(recordings).toHaveLength(2)
    expect(entries.size).toBe(4)
  })

  it('lists contacts, requests received and sent, and blocked people as what they are, and my invitations without their tokens', async () => {
    const ada = await insertSignedInPerson(app, db, { name: 'Ada Requests' })
    const bob = await insertSignedInPerson(app, db, { name: 'Bob Contact' })
    await insertConnectedPair(db, ada, bob)
    const strangers: Record<'pending' | 'ignore' | 'block', { id: string; cookie: string }> = {
      pending: await insertSignedInPerson(app, db, { name: 'Cara Waiting' }),
      ignore: await insertSignedInPerson(app, db, { name: 'Dan Ignored' }),
      block: await insertSignedInPerson(app, db, { name: 'Eve Blocked' }),
    }
    for (const [action, stranger] of Object.entries(strangers)) {
      expect((await api.post('/api/contacts/connect', stranger.cookie, { user_id: ada.id })).statusCode).toBeLessThan(300)
      if (action === 'pending') continue
      const { requests } = (await api.get('/api/message-requests', ada.cookie)).json() as { requests: { id: string; user_id: string }[] }
      const request = requests.find((r) => r.user_id === stranger.id)
      expect((await api.post(`/api/message-requests/${request?.id}/${action}`, ada.cookie)).statusCode).toBe(204)
    }
    // Ada writes to Fay, who has not chosen her; Gus blocks Ada's request: to Ada both are requests she sent
    for (const name of ['Fay Asked', 'Gus Blocking']) {
      const other = await insertSignedInPerson(app, db, { name })
      expect((await api.post('/api/contacts/connect', ada.cookie, { user_id: other.id })).statusCode).toBeLessThan(300)
      if (name !== 'Gus Blocking') continue
      const { requests } = (await api.get('/api/message-requests', other.cookie)).json() as { requests: { id: string }[] }
      expect((await api.post(`/api/message-requests/${requests[0]?.id}/block`, other.cookie)).statusCode).toBe(204)
    }
    const upload_id = await uploadRecording(app, ada.cookie)
    const link = await api.post('/api/invitations/link', ada.cookie, { recipient_name: 'Hal Invited', upload_id })
    expect(link.statusCode).toBe(201)
    const token = new URL((link.json() as { share_url: string }).share_url).searchParams.get('token') ?? ''
    const [stored] = await db.select().from(invitations).where(eq(invitations.inviterUserId, ada.id))

    const { entries, document } = await exportOf(ada.cookie)
    // the requests Ada sent are contacts of hers, as her circle shows them; those she received are not
    expect(document.contacts.map((c) => c.name).sort()).toEqual(['Bob Contact', 'Fay Asked', 'Gus Blocking'])
    expect(document.message_requests.received.map((r) => [r.name, r.status])).toEqual(
      expect.arrayContaining([
        ['Cara Waiting', 'pending'],
        ['Dan Ignored', 'ignored'],
      ]),
    )
    expect(document.message_requests.received).toHaveLength(2)
    expect(document.message_requests.sent.map((r) => r.name).sort()).toEqual(['Fay Asked', 'Gus Blocking'])
    // nothing tells Ada that Gus blocked her
    for (const sent of document.message_requests.sent) expect(Object.keys(sent).sort()).toEqual(['id', 'name', 'sent_at'])
    expect(document.blocked.map((r) => r.name)).toEqual(['Eve Blocked'])
    expect(document.invitations).toEqual([
      expect.objectContaining({ id: stored?.id, kind: 'link', recipient_name: 'Hal Invited', status: 'pending' }),
    ])
    expect(entries.get(document.invitations[0]?.message ?? '')).toEqual(await fs.readFile(`${dataDir}/media/${stored?.audioKey}`))
    const text = entries.get('hearth-export.json')?.toString() ?? ''
    expect(token).not.toBe('')
    expect(text).not.toContain(token)
    expect(text).not.toContain(stored?.tokenHash)
    expect(text).not.toMatch(/token/i)
  })

  it('holds my sessions with their typed and recorded notes, and the recordings byte for byte', async () => {
    const ada = await insertSignedInPerson(app, db, { name: 'Ada Sessions Export' })
    const session = (await api.post('/api/sessions', ada.cookie, { title: 'Before the call' })).json() as { id: string }
    const typed = (await api.post(`/api/sessions/${session.id}/messages`, ada.cookie, { text: 'Ask about the garden' })).json() as {
      id: string
    }
    const recorded = (
      await api.post(`/api/sessions/${session.id}/messages`, ada.cookie, { upload_id: await uploadRecording(app, ada.cookie) })
    ).json() as { id: string }

    const { entries, document } = await exportOf(ada.cookie)
    expect(document.sessions).toEqual([
      expect.objectContaining({
        id: session.id,
        title: 'Before the call',
        messages: [
          expect.objectContaining({ id: typed.id, role: 'user', text: 'Ask about the garden', recording: null }),
          expect.objectContaining({ id: recorded.id, recording: expect.stringMatching(new RegExp(`^recordings/sessions/${session.id}/`)) }),
        ],
      }),
    ])
    const [note] = await db.select().from(sessionMessages).where(eq(sessionMessages.id, recorded.id))
    expect(entries.get(document.sessions[0]?.messages[1]?.recording ?? '')).toEqual(await fs.readFile(`${dataDir}/media/${note?.audioKey}`))
  })

  it('names someone who deleted their account and holds the recordings they sent me, which only I keep (decision 202)', async () => {
    const { ada, bob, adaToBob, bobToAda } = await insertSignedInPair(app, db, ['Ada Keeps Export', 'Bob Leaves Export'])
    const sent = await sendRecording(app, ada.cookie, adaToBob)
    const received = await sendRecording(app, bob.cookie, bobToAda)
    expect((await api.call('DELETE', '/api/account', bob.cookie, { confirmation: 'DELETE' })).statusCode).toBe(204)

    const { entries, document } = await exportOf(ada.cookie)
    expect(document.messages.find((m) => m.id === sent.id)).toMatchObject({ direction: 'sent', with: 'Bob Leaves Export' })
    const kept = document.messages.find((m) => m.id === received.id)
    expect(kept).toMatchObject({ direction: 'received', with: 'Bob Leaves Export', recording: expect.stringMatching(/^recordings\//) })
    const [stored] = await db.select().from(audioMessages).where(eq(audioMessages.id, received.id))
    expect(entries.get(kept?.recording ?? '')).toEqual(await fs.readFile(`${dataDir}/media/${stored?.audioKey}`))
  })

  it("holds nothing of anyone else's, and needs a session", async () => {
    const { bob, bobToAda } = await insertSignedInPair(app, db, ['Ada Other', 'Bob Other'])
    await sendRecording(app, bob.cookie, bobToAda)
    const { ada: carol } = await insertSignedInPair(app, db, ['Carol Alone', 'Dan Alone'])
    const { entries, document } = await exportOf(carol.cookie)
    expect(document.messages).toEqual([])
    expect(document.sessions).toEqual([])
    expect(document.photos).toEqual([])
    expect(document.profile.welcome_message).toBeNull()
    expect([...entries.keys()]).toEqual(['hearth-export.json'])
    expect((await api.get('/api/account/export')).statusCode).toBe(401)
  })
})
