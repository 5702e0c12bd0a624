import fs from 'node:fs/promises'
import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { audioMessages, contacts, conversations } from '#server/db/schema.ts'
import { makeJpeg, uploadPhoto } from '#server/test/images.ts'
import { insertSignedInPair, insertSignedInPerson } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { createMediaSweeper } from '#server/media/media-sweep.ts'
import { createLocalStorage } from '#server/media/storage.ts'
import { sendRecording, uploadRecording } from '#server/test/uploads.ts'

const dataDir = await fs.mkdtemp('/tmp/hearth-int-deletion-')
const { app, db } = await createTestApp({ DATA_DIR: dataDir, RATE_LIMIT_ENABLED: 'false' })
const api = apiClient(app)
const remove = (cookie: string | undefined, payload?: unknown) => api.call('DELETE', '/api/account', cookie, payload)

/** The public tables whose rows, as text, mention `needle` (an id or an address), with how many. */
async function tablesMentioning(needle: string): Promise<Record<string, number>> {
  const tables = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )
  const found: Record<string, number> = {}
  for (const { table_name } of tables.rows) {
    const result = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} t where t::text like ${`%${needle}%`}`,
    )
    const n = result.rows[0]?.n ?? 0
    if (n > 0) found[table_name] = n
  }
  return found
}

/** Rows of pg-boss's live table and its archive whose payload, as text, mentions `needle`. */
async function jobsMentioning(needle: string): Promise<{ job: number; archive: number }> {
  const count = async (table: 'job' | 'archive') =>
    (
      await db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier('pgboss')}.${sql.identifier(table)} where strpos(data::text, ${needle}) > 0`,
      )
    ).rows[0]?.n ?? 0
  return { job: await count('job'), archive: await count('archive') }
}

const filesOf = async (ownerId: string) => (await fs.readdir(`${dataDir}/media/${ownerId}`).catch(() => [])).sort()

describe('DELETE /api/account', () => {
  it('refuses without the typed confirmation, with a wrong one or extra fields, and without a session; nothing goes', async () => {
    const { ada } = await insertSignedInPair(app, db, ['Ada Careful', 'Bob Careful'])
    for (const body of [undefined, {}, { confirmation: 'delete' }, { confirmation: 'DELETE ', really: true }, { confirmation: 1 }]) {
      const response = await remove(ada.cookie, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } })
    }
    expect((await remove(undefined, { confirmation: 'DELETE' })).statusCode).toBe(401)
    expect((await api.get('/api/profile', ada.cookie)).statusCode).toBe(200)
  })

  it('leaves no row or file of mine but what the others keep: what they sent me and what I sent them', async () => {
    const { ada, bob, adaToBob, bobToAda } = await insertSignedInPair(app, db, ['Ada Leaving', 'Bob Staying'])
    const toBob = await sendRecording(app, ada.cookie, adaToBob)
    const fromBob = await sendRecording(app, bob.cookie, bobToAda)
    const alsoToBob = await sendRecording(app, ada.cookie, adaToBob)
    expect(
      (await api.put('/api/profile/welcome-message', ada.cookie, { upload_id: await uploadRecording(app, ada.cookie) })).statusCode,
    ).toBe(200)
    await uploadPhoto(app, ada.cookie, await makeJpeg({ width: 300, height: 200, gps: false }))
    await uploadRecording(app, ada.cookie) // an upload never sent
    const invited = await api.post('/api/invitations/link', ada.cookie, {
      recipient_name: 'Friend',
      upload_id: await uploadRecording(app, ada.cookie),
    })
    expect(invited.statusCode).toBe(201)
    expect((await filesOf(ada.id)).length).toBeGreaterThan(5)
    const another = await insertSignedInPair(app, db, ['Carol Unrelated', 'Dan Unrelated'])

    const response = await remove(ada.cookie, { confirmation: 'DELETE' })
    expect(response.statusCode).toBe(204)

    // the recordings as received that the message job replaced are no row's: the media sweep removes them
    await createMediaSweeper({ db, storage: createLocalStorage(`${dataDir}/media`), tmpDir: `${dataDir}/tmp` }).sweep(
      Date.now() + 2 * 60 * 60 * 1000,
    )
    // what Bob received from me stays with him (decision 202): no sender, his row for me, its recording where it was
    const keptFromMe = await db
      .select()
      .from(audioMessages)
      .where(inArray(audioMessages.id, [toBob.id, alsoToBob.id]))
    expect(keptFromMe).toHaveLength(2)
    for (const message of keptFromMe) {
      expect(message).toMatchObject({ senderId: null, receiverId: bob.id, leftContactId: bobToAda })
      await expect(fs.stat(`${dataDir}/media/${message.audioKey}`)).resolves.toBeTruthy()
    }
    // no other file of mine, and no row anywhere that names me or my address: those two keys, begun with the id I had,
    // are all that is left of it
    expect(await filesOf(ada.id)).toEqual(keptFromMe.map((m) => m.audioKey.slice(ada.id.length + 1)).sort())
    expect(await tablesMentioning(ada.id)).toEqual({ audio_messages: 2 })
    const keyless = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from audio_messages t where (t::text) like ${`%${ada.id}%`} and audio_key not like ${`${ada.id}/%`}`,
    )
    expect(keyless.rows[0]?.n).toBe(0)
    expect(await tablesMentioning(ada.email)).toEqual({})
    expect((await api.get('/api/profile', ada.cookie)).statusCode).toBe(401)

    // Bob keeps his message and its audio, his contact row loses the link; the conversation counts all three and
    // what he has not heard from me
    const [kept] = await db.select().from(audioMessages).where(eq(audioMessages.id, fromBob.id))
    expect(kept).toMatchObject({ senderId: bob.id, receiverId: null, leftContactId: bobToAda })
    await expect(fs.stat(`${dataDir}/media/${kept?.audioKey}`)).resolves.toBeTruthy()
    const [bobsRow] = await db.select().from(contacts).where(eq(contacts.id, bobToAda))
    expect(bobsRow).toMatchObject({ name: 'Ada Leaving', contactUserId: null })
    const [bobsConversation] = await db.select().from(conversations).where(eq(conversations.contactId, bobToAda))
    expect(bobsConversation).toMatchObject({ unreadCount: 2, messageCount: 3, lastMessageId: alsoToBob.id })
    const overview = await api.get('/api/messages', bob.cookie)
    expect(overview.statusCode, overview.body).toBe(200)
    expect((await api.get('/api/contacts', bob.cookie)).statusCode).toBe(200)

    // nobody else is touched
    expect((await api.get('/api/profile', another.ada.cookie)).statusCode).toBe(200)
    expect((await api.get('/api/profile', bob.cookie)).statusCode).toBe(200)
  })

  it('deletes what nobody keeps: messages between two people who both left, and a request never taken up', async () => {
    const { ada, bob, adaToBob, bobToAda } = await insertSignedInPair(app, db, ['Ada Second', 'Bob First'])
    const toBob = await sendRecording(app, ada.cookie, adaToBob)
    const toAda = await sendRecording(app, bob.cookie, bobToAda)
    // a stranger's message request to Ada, left waiting: what Carol sent stays with Ada only once Ada takes it up
    const carol = await insertSignedInPerson(app, db, { name: 'Carol Requests' })
    const connected = await api.post('/api/contacts/connect', carol.cookie, { user_id: ada.id })
    expect(connected.statusCode).toBeLessThan(300)
    const request = await sendRecording(app, carol.cookie, (connected.json() as { contact: { id: string } }).contact.id)
    const keys = (
      await db
        .select()
        .from(audioMessages)
        .where(inArray(audioMessages.id, [toBob.id, toAda.id, request.id]))
    ).map((m) => m.audioKey)
    expect(keys).toHaveLength(3)

    expect((await remove(bob.cookie, { confirmation: 'DELETE' })).statusCode).toBe(204)
    // Ada keeps both directions while she is here
    expect(
      (
        await db
          .select()
          .from(audioMessages)
          .where(inArray(audioMessages.id, [toBob.id, toAda.id]))
      ).length,
    ).toBe(2)
    expect((await remove(carol.cookie, { confirmation: 'DELETE' })).statusCode).toBe(204)
    // a request Ada never accepted is not hers: it went with Carol
    expect(await db.select().from(audioMessages).where(eq(audioMessages.id, request.id))).toEqual([])
    expect((await remove(ada.cookie, { confirmation: 'DELETE' })).statusCode).toBe(204)

    expect(
      await db
        .select()
        .from(audioMessages)
        .where(inArray(audioMessages.id, [toBob.id, toAda.id, request.id])),
    ).toEqual([])
    for (const key of keys) await expect(fs.stat(`${dataDir}/media/${key}`)).rejects.toThrow()
  })

  it('leaves no job, waiting or archived, that names me, my address or my recordings; others keep theirs', async () => {
    const { ada, adaToBob } = await insertSignedInPair(app, db, ['Ada Forgotten', 'Bob Remembered'])
    const carol = (await insertSignedInPair(app, db, ['Carol Kept', 'Dan Kept'])).ada
    expect(
      (await api.put('/api/profile/welcome-message', ada.cookie, { upload_id: await uploadRecording(app, ada.cookie) })).statusCode,
    ).toBe(200)
    await sendRecording(app, ada.cookie, adaToBob)
    const [welcome] = await db
      .execute<{ key: string }>(sql`select welcome_audio_key as key from profiles where id = ${ada.id}`)
      .then((r) => r.rows)
    const welcomeKey = welcome?.key ?? ''
    expect(welcomeKey).not.toBe('')
    // jobs of every kind that name a person: a mail to the address, a push, a reset; Carol's are the control
    for (const [who, to] of [
      [ada, ada.email.toUpperCase()],
      [carol, carol.email],
    ] as const) {
      await app.jobs.enqueue(null, 'send-mail', { to, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' })
      await app.jobs.enqueue(null, 'send-push', { userId: who.id, title: 'Hello', body: 'Hello', url: '/' })
      await app.jobs.enqueue(null, 'request-password-reset', { email: who.email }, { delayMs: 60 * 60 * 1000 })
    }
    // the history as pg-boss's maintenance leaves it: finished jobs moved into the archive
    await db.execute(sql`insert into pgboss.archive select j.*, now() from pgboss.job j on conflict do nothing`)
    expect((await jobsMentioning(ada.id)).archive).toBeGreaterThan(0)
    expect((await jobsMentioning(welcomeKey)).job).toBeGreaterThan(0)

    expect((await remove(ada.cookie, { confirmation: 'DELETE' })).statusCode).toBe(204)

    for (const needle of [ada.id, ada.email, ada.email.toUpperCase(), welcomeKey]) {
      expect(await jobsMentioning(needle), needle).toEqual({ job: 0, archive: 0 })
    }
    expect((await jobsMentioning(carol.id)).archive).toBeGreaterThan(0)
    expect((await jobsMentioning(carol.email)).archive).toBe(2)
  })
})
