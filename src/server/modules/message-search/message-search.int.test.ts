import fs from 'node:fs/promises'
import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { MessageSearchResult } from '#shared/message-search.ts'
import { audioMessages, contacts, profiles, searchWords } from '#server/db/schema.ts'
import { insertContact } from '#server/modules/contacts/contacts.queries.ts'
import { connectDatabase } from '#server/db/client.ts'
import { insertMessages } from '#server/test/data.ts'
import { insertSignedInPair, insertSignedInPerson, type SignedInPerson as Person } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { anyOfTsquery, messageSearchReader } from './message-search.queries.ts'
import { MESSAGE_SEARCH_MAX_EXPANSION, messageSearchMatch } from './message-search.service.ts'

const { app, db, databaseUrl } = await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-message-search-') })

const api = apiClient(app)
const reader = messageSearchReader(db)
const search = (person: Person | null, query: Record<string, string> = {}) => api.get('/api/messages', person?.cookie, { query })

async function searchOk(person: Person, query: Record<string, string> = {}): Promise<MessageSearchResult> {
  const response = await search(person, query)
  expect(response.statusCode).toBe(200)
  return response.json() as MessageSearchResult
}

const transcripts = async (person: Person, q: string) => (await searchOk(person, { q })).messages.map((m) => m.transcription)

const pair = (names?: [string, string]) => insertSignedInPair(app, db, names)

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)

describe('GET /api/messages', () => {
  it('matches transcript words, emotions and topics, case-insensitively, whole words and the word being typed', async () => {
    const { ada, bob } = await pair()
    await insertMessages(db, [
      {
        senderId: bob.id,
        receiverId: ada.id,
        transcription: 'Let us grab Coffee on Sunday',
        emotions: ['happy'],
        topics: ['plans'],
        createdAt: minutesAgo(3),
      },
      {
        senderId: ada.id,
        receiverId: bob.id,
        transcription: 'The new job starts Monday',
        emotions: ['excited', 'anxious'],
        topics: ['work'],
        createdAt: minutesAgo(2),
      },
      {
        senderId: bob.id,
        receiverId: ada.id,
        transcription: 'Grandma called about dinner',
        emotions: ['loving'],
        topics: ['family', 'food'],
        createdAt: minutesAgo(1),
      },
    ])

    expect(await transcripts(ada, 'coffee')).toEqual(['Let us grab Coffee on Sunday'])
    expect(await transcripts(ada, 'COFFEE')).toEqual(['Let us grab Coffee on Sunday'])
    expect(await transcripts(ada, 'gran')).toEqual(['Grandma called about dinner'])
    // emotions and topics, whole and by prefix, in any case
    expect(await transcripts(ada, 'exci')).toEqual(['The new job starts Monday'])
    expect(await transcripts(ada, 'Excited')).toEqual(['The new job starts Monday'])
    expect(await transcripts(ada, 'fam')).toEqual(['Grandma called about dinner'])
    expect(await transcripts(ada, 'WORK')).toEqual(['The new job starts Monday'])
    // every word must match (anywhere: transcript, emotions or topics); newest first
    expect(await transcripts(ada, 'happy sunday')).toEqual(['Let us grab Coffee on Sunday'])
    expect(await transcripts(ada, 'happy monday')).toEqual([])
    expect(await transcripts(ada, 's')).toEqual(['The new job starts Monday', 'Let us grab Coffee on Sunday'])
    expect(await transcripts(ada, 'zebra')).toEqual([])
    // earlier words are whole words; only the last one, while it is being typed, is a prefix (decision 87)
    expect(await transcripts(ada, 'coffee sun')).toEqual(['Let us grab Coffee on Sunday'])
    expect(await transcripts(ada, 'sun coffee')).toEqual([])
    expect(await transcripts(ada, 'coffee sun ')).toEqual([])
    expect(await transcripts(ada, 'coffee sunday ')).toEqual(['Let us grab Coffee on Sunday'])
    expect(await transcripts(ada, 'gran ')).toEqual([])
    expect(await transcripts(ada, 'anxious exci')).toEqual(['The new job starts Monday'])
    expect(await transcripts(ada, 'exci anxious')).toEqual([])
    expect(await transcripts(ada, 'family lov')).toEqual(['Grandma called about dinner'])
    expect(await transcripts(ada, 'food dinner')).toEqual(['Grandma called about dinner'])
    // the receiver finds them too
    expect(await transcripts(bob, 'exci')).toEqual(['The new job starts Monday'])
  })

  it("never returns someone else's messages, and names the other person by the name they gave themselves", async () => {
    const { ada, bob, adaToBob } = await pair()
    const others = await pair(['Cy', 'Dee'])
    const stranger = await insertSignedInPerson(app, db, { name: 'Stranger' })
    // Bob renamed himself since Ada's contact row was made: the row's copy of his name is not what she sees
    await db.update(profiles).set({ name: 'Bobby' }).where(eq(profiles.id, bob.id))
    const [fromBob, toBob, fromStranger] = await insertMessages(db, [
      { senderId: bob.id, receiverId: ada.id, transcription: 'secret picnic plans', createdAt: minutesAgo(5) },
      { senderId: ada.id, receiverId: bob.id, transcription: 'picnic sounds lovely', createdAt: minutesAgo(4) },
      { senderId: stranger.id, receiverId: ada.id, transcription: 'picnic from someone new', createdAt: minutesAgo(3) },
    ])
    // a third and fourth person talk about the same thing, with the same words, emotions and topics
    await insertMessages(db, [
      { senderId: others.ada.id, receiverId: others.bob.id, transcription: 'secret picnic plans', emotions: ['happy'], topics: ['plans'] },
      { senderId: others.bob.id, receiverId: others.ada.id, transcription: 'picnic sounds lovely', emotions: ['happy'], topics: ['plans'] },
      { senderId: others.bob.id, receiverId: stranger.id, transcription: 'picnic with the stranger' },
    ])

    const found = await searchOk(ada, { q: 'picnic' })
    expect(found.messages.map((m) => m.id)).toEqual([fromStranger?.id, toBob?.id, fromBob?.id])
    expect(found.messages.map((m) => m.other_person)).toEqual([
      { user_id: stranger.id, contact_id: null, name: null, picture_url: null },
      { user_id: bob.id, contact_id: adaToBob, name: 'Bobby', picture_url: null },
      { user_id: bob.id, contact_id: adaToBob, name: 'Bobby', picture_url: null },
    ])
    expect((await searchOk(ada)).messages).toHaveLength(3)
    expect((await searchOk(others.ada, { q: 'picnic' })).messages).toHaveLength(2)
    expect((await searchOk(stranger, { q: 'picnic' })).messages.map((m) => m.transcription).sort()).toEqual([
      'picnic from someone new',
      'picnic with the stranger',
    ])
    // two words or more are read through the person's word keys (decision 171): still only the person's own messages
    expect((await searchOk(ada, { q: 'secret picnic ' })).messages.map((m) => m.id)).toEqual([fromBob?.id])
    expect((await searchOk(ada, { q: 'picnic plan' })).messages.map((m) => m.id)).toEqual([fromBob?.id])
    expect((await searchOk(ada, { q: 'picnic stranger ' })).messages).toEqual([])
    expect((await searchOk(stranger, { q: 'picnic stranger ' })).messages.map((m) => m.transcription)).toEqual(['picnic with the stranger'])
  })

  it("leaves out a message request's messages, whatever its state, until the request is accepted", async () => {
    const ada = await insertSignedInPerson(app, db, { name: 'Ada' })
    const requesters = await Promise.all(['Pending', 'Ignored', 'Blocked'].map((name) => insertSignedInPerson(app, db, { name })))
    const states = ['pending', 'ignored', 'blocked'] as const
    const rows = await Promise.all(
      requesters.map((requester, index) =>
        insertContact(db, {
          ownerId: ada.id,
          contactUserId: requester.id,
          name: requester.name,
          displayOrder: index,
          archivedAt: null,
          chosen: false,
          request: true,
        }),
      ),
    )
    await Promise.all(rows.map((id, index) => db.update(contacts).set({ requestStatus: states[index] }).where(eq(contacts.id, id))))
    await insertMessages(
      db,
      requesters.map((requester) => ({ senderId: requester.id, receiverId: ada.id, transcription: `picnic from ${requester.name}` })),
    )

    expect(await transcripts(ada, 'picnic')).toEqual([])
    expect((await searchOk(ada)).messages).toEqual([])
    // the requester still finds what they sent
    expect(await transcripts(requesters[0]!, 'picnic')).toEqual(['picnic from Pending'])

    // accepted: the row is a contact, and the overview lists the messages under it
    await db.update(contacts).set({ requestStatus: null }).where(eq(contacts.id, rows[0]!))
    const found = await searchOk(ada, { q: 'picnic' })
    expect(found.messages.map((m) => [m.transcription, m.other_person.contact_id])).toEqual([['picnic from Pending', rows[0]]])
  })

  it('lists everything newest first for an empty query, or one without words', async () => {
    const { ada, bob } = await pair()
    await insertMessages(db, [
      { senderId: bob.id, receiverId: ada.id, transcription: null, processingStatus: 'pending', createdAt: minutesAgo(1) },
      { senderId: ada.id, receiverId: bob.id, transcription: 'older', createdAt: minutesAgo(9) },
      { senderId: bob.id, receiverId: ada.id, transcription: null, processingStatus: 'failed', createdAt: minutesAgo(5) },
    ])
    const all = await searchOk(ada)
    expect(all.messages.map((m) => [m.transcription, m.processing_status])).toEqual([
      [null, 'pending'],
      [null, 'failed'],
      ['older', 'completed'],
    ])
    expect(all.next_cursor).toBeNull()
    expect(all.messages[0]).toMatchObject({ sender_id: bob.id, receiver_id: ada.id, is_read: false, liked: false, duration_seconds: 12 })
    expect(all.messages[0]).not.toHaveProperty('audio_url')
    for (const q of ['', '   ', '!!', '-- ;']) expect((await searchOk(ada, { q })).messages).toHaveLength(3)
    const someoneNew = await insertSignedInPerson(app, db)
    expect(await searchOk(someoneNew)).toEqual({ messages: [], next_cursor: null })
  })

  it('pages 50 at a time without gaps or repeats, also when messages share a timestamp', async () => {
    const { ada, bob } = await pair()
    const sameMoment = minutesAgo(30)
    await insertMessages(
      db,
      Array.from({ length: 120 }, (_, i) => ({
        senderId: i % 2 ? ada.id : bob.id,
        receiverId: i % 2 ? bob.id : ada.id,
        transcription: `${i % 3 === 0 ? 'garden' : 'kitchen'} note ${i}`,
        // forty of them at the very same instant: the id breaks the tie
        createdAt: i < 40 ? sameMoment : minutesAgo(i),
      })),
    )
    const walk = async (q: string) => {
      const seen: string[] = []
      const sizes: number[] = []
      let cursor: string | null = null
      do {
        const page: MessageSearchResult = await searchOk(ada, cursor ? { q, cursor } : { q })
        sizes.push(page.messages.length)
        seen.push(...page.messages.map((m) => m.id))
        cursor = page.next_cursor
      } while (cursor)
      return { seen, sizes }
    }
    const everything = await walk('')
    expect(everything.sizes).toEqual([50, 50, 20])
    expect(new Set(everything.seen).size).toBe(120)
    const { rows } = await db.execute<{ id: string }>(
      sql`select id from audio_messages where sender_id = ${ada.id} or receiver_id = ${ada.id} order by created_at desc, id desc`,
    )
    expect(everything.seen).toEqual(rows.map((r) => r.id))

    const gardens = await walk('GARD')
    expect(gardens.sizes).toEqual([40])
    expect(new Set(gardens.seen).size).toBe(40)
  })

  it("keeps each person's overview their own once PostgreSQL plans its prepared statement once for everyone", async () => {
    const first = await pair()
    const second = await pair(['Cy', 'Dee'])
    const requester = await insertSignedInPerson(app, db, { name: 'Requester' })
    await insertContact(db, {
      ownerId: first.ada.id,
      contactUserId: requester.id,
      name: requester.name,
      displayOrder: 1,
      archivedAt: null,
      chosen: false,
      request: true,
    })
    await insertMessages(db, [
      ...Array.from({ length: 3 }, (_, i) => ({ senderId: first.bob.id, receiverId: first.ada.id, createdAt: minutesAgo(10 + i) })),
      ...Array.from({ length: 2 }, (_, i) => ({ senderId: second.ada.id, receiverId: second.bob.id, createdAt: minutesAgo(20 + i) })),
      { senderId: requester.id, receiverId: first.ada.id, createdAt: minutesAgo(1) },
    ])
    const own = async (person: Person) => {
      const { rows } = await db.execute<{ id: string }>(
        sql`select id from audio_messages where (sender_id = ${person.id} or receiver_id = ${person.id}) and sender_id <> ${requester.id}
            order by created_at desc, id desc`,
      )
      return rows.map((row) => row.id)
    }
    const expected = new Map(await Promise.all([first.ada, second.ada, second.bob].map(async (p) => [p.id, await own(p)] as const)))
    // PostgreSQL plans a named statement for its values five times on a connection, then once for any values
    for (let round = 0; round < 7; round++) {
      for (const person of [first.ada, second.ada, second.bob]) {
        const page = await reader.search(person.id, { match: null, after: null, limit: 2 })
        const ids = expected.get(person.id)!
        expect(page.map((row) => row.id)).toEqual(ids.slice(0, 2))
        const older = await reader.search(person.id, { match: null, after: { createdAt: page[1]!.cursorAt, id: page[1]!.id }, limit: 2 })
        expect(older.map((row) => row.id)).toEqual(ids.slice(2, 4))
      }
    }
  })

  it('searches a person with few messages through a statement planned once, and others and prefixes with plans of their own, alike', async () => {
    const light = await pair()
    const heavy = await pair(['Cy', 'Dee'])
    const said = (senderId: string, receiverId: string, transcription: string, minutes: number) => ({
      senderId,
      receiverId,
      transcription,
      createdAt: minutesAgo(minutes),
    })
    await insertMessages(db, [
      said(light.bob.id, light.ada.id, 'coffee on sunday', 3),
      said(light.ada.id, light.bob.id, 'tea on monday', 2),
      said(heavy.bob.id, heavy.ada.id, 'coffee at noon', 4),
      said(heavy.ada.id, heavy.bob.id, 'more coffee on sunday', 3),
      said(heavy.bob.id, heavy.ada.id, 'a sunday walk', 2),
    ])
    // one connection, so that the statements it keeps are the ones these searches prepared
    const single = connectDatabase(databaseUrl, { max: 1 })
    try {
      // Ada and Bob have 2 messages, Cy and Dee 3: one over the limit set here
      const limited = messageSearchReader(single.db, { plannedOnceUpTo: 2 })
      const found = async (person: Person, words: string[], typing: string | null = null) => {
        const match = {
          tsquery: [...words, ...(typing ? [`${typing}:*`] : [])].join(' & '),
          anyOf: null,
          words,
        }
        const rows = await limited.search(person.id, { match, after: null, limit: 10 })
        return rows.map((row) => row.transcription)
      }
      const kept = async () =>
        (await single.db.execute<{ name: string }>(sql`select name from pg_prepared_statements where name like 'overview_search_%'`)).rows
      // PostgreSQL plans a named statement for its values five times on a connection, then once for any values
      for (let round = 0; round < 7; round++) {
        expect(await found(light.ada, ['coffee'])).toEqual(['coffee on sunday'])
        expect(await found(light.bob, ['monday'])).toEqual(['tea on monday'])
      }
      const plannedOnce = await kept()
      expect(plannedOnce).toHaveLength(1)
      // two words are a statement of another shape: named, it would be kept beside the first
      expect(await found(heavy.ada, ['coffee', 'sunday'])).toEqual(['more coffee on sunday'])
      expect(await found(heavy.bob, ['on', 'sunday'])).toEqual(['more coffee on sunday'])
      expect(await found(light.ada, ['coffee', 'on'], 'sun')).toEqual(['coffee on sunday'])
      // no statement more: those searches were planned for their values
      expect(await kept()).toEqual(plannedOnce)
    } finally {
      await single.close()
    }
  })

  it('answers 401 without a session', async () => {
    const response = await search(null, { q: 'coffee' })
    expect(response.statusCode).toBe(401)
  })

  it('answers 400 for an over-long query or a bad page cursor', async () => {
    const { ada } = await pair()
    expect((await search(ada, { q: 'a'.repeat(200) })).statusCode).toBe(200)
    const long = await search(ada, { q: 'a'.repeat(201) })
    expect(long.statusCode).toBe(400)
    expect(long.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } })
    for (const cursor of ['2', 'abc', '2026-01-01T00:00:00.000000Z_not-a-uuid', "2026-01-01T00:00:00Z_' or 1=1 --", '']) {
      expect((await search(ada, { cursor })).statusCode, cursor).toBe(400)
    }
    // a cursor that looks right but points at no message simply continues below that moment
    expect((await search(ada, { cursor: '2026-01-01T00:00:00.000000Z_00000000-0000-4000-8000-000000000000' })).statusCode).toBe(200)
    const repeated = await api.get('/api/messages?q=a&q=b', ada.cookie)
    expect(repeated.statusCode).toBe(400)
  })

  it("treats the search's special characters as plain separators", async () => {
    const { ada, bob } = await pair()
    await insertMessages(db, [
      {
        senderId: bob.id,
        receiverId: ada.id,
        transcription: "Don't forget the coffee & tea (for Sunday)!",
        emotions: ['excited'],
        topics: ['plans'],
      },
      { senderId: ada.id, receiverId: bob.id, transcription: 'Nothing special here', emotions: ['calm'], topics: ['home'] },
    ])
    for (const q of ["'", '&', '|', '!', ':*', '(', ')', "''", '\\', '<->', '%', '_', '*:*']) {
      const response = await search(ada, { q })
      expect(response.statusCode, q).toBe(200)
      expect((response.json() as MessageSearchResult).messages, q).toHaveLength(2)
    }
    expect(await transcripts(ada, 'coffee & tea')).toHaveLength(1)
    expect(await transcripts(ada, 'coffee | nothing')).toEqual([])
    expect(await transcripts(ada, '!coffee')).toHaveLength(1)
    expect(await transcripts(ada, 'exci:*')).toHaveLength(1)
    expect(await transcripts(ada, '(sunday')).toHaveLength(1)
    expect(await transcripts(ada, "don't")).toHaveLength(1)
    expect(await transcripts(ada, "coffee' & 'x")).toEqual([])
    // words are searched for as words
    expect(await transcripts(ada, "'); drop table audio_messages; --")).toEqual([])
    // the table is still there, with both messages
    expect((await searchOk(ada)).messages).toHaveLength(2)
  })

  it('expands the word being typed from the words in use, kept in step with new transcripts, retranscription and deletion', async () => {
    const { ada, bob } = await pair()
    // a message waits for its transcript: its words are not there yet
    const [message] = await insertMessages(db, [{ senderId: bob.id, receiverId: ada.id, transcription: null, processingStatus: 'pending' }])
    const id = message?.id ?? ''
    const vocabulary = async (...words: string[]) =>
      (
        await db
          .select({ word: searchWords.word, messages: searchWords.messages })
          .from(searchWords)
          .where(inArray(searchWords.word, words))
      )
        .map((row) => `${row.word}:${row.messages}`)
        .sort()
    expect(await transcripts(ada, 'zephy')).toEqual([])
    await db
      .update(audioMessages)
      .set({ transcription: 'Zephyrine walks the zephyr path', processingStatus: 'completed' })
      .where(eq(audioMessages.id, id))
    expect(await vocabulary('zephyrine', 'zephyr', 'path')).toEqual(['path:1', 'zephyr:1', 'zephyrine:1'])
    expect(await transcripts(ada, 'zephy')).toEqual(['Zephyrine walks the zephyr path'])
    expect(await transcripts(ada, 'walks zephyri')).toEqual(['Zephyrine walks the zephyr path'])
    expect(await messageSearchMatch(reader, 'walks zephy')).toEqual({ tsquery: 'walks', anyOf: ['zephyr', 'zephyrine'], words: ['walks'] })
    // reading it changes no word
    await db.update(audioMessages).set({ isRead: true }).where(eq(audioMessages.id, id))
    expect(await vocabulary('zephyrine', 'zephyr')).toEqual(['zephyr:1', 'zephyrine:1'])
    // a second message with one of the words counts it twice; retranscribing the first takes its old words away
    await insertMessages(db, [{ senderId: ada.id, receiverId: bob.id, transcription: 'a zephyr again' }])
    await db.update(audioMessages).set({ transcription: 'Quokkanese quokka' }).where(eq(audioMessages.id, id))
    expect(await vocabulary('zephyrine', 'zephyr', 'quokkanese', 'quokka', 'path')).toEqual(['quokka:1', 'quokkanese:1', 'zephyr:1'])
    expect(await transcripts(ada, 'zephyri')).toEqual([])
    expect(await transcripts(ada, 'zephy')).toEqual(['a zephyr again'])
    expect(await transcripts(ada, 'quokk')).toEqual(['Quokkanese quokka'])
    // deletion removes words no message holds any more
    await db.delete(audioMessages).where(eq(audioMessages.id, id))
    expect(await vocabulary('quokkanese', 'quokka', 'zephyr')).toEqual(['zephyr:1'])
    expect(await transcripts(ada, 'quokk')).toEqual([])
  })

  it('keeps the word being typed a prefix when more words start with it than an expansion may hold, with the same results', async () => {
    const { ada, bob } = await pair()
    const many = Array.from({ length: MESSAGE_SEARCH_MAX_EXPANSION + 1 }, (_, i) => `vexq${String(i).padStart(3, '0')}`)
    await insertMessages(db, [
      { senderId: bob.id, receiverId: ada.id, transcription: `tea ${many.join(' ')}`, createdAt: minutesAgo(3) },
      { senderId: ada.id, receiverId: bob.id, transcription: 'tea vexq064 only', createdAt: minutesAgo(2) },
      { senderId: ada.id, receiverId: bob.id, transcription: 'tea and nothing else', createdAt: minutesAgo(1) },
    ])
    // 65 words start with 'vexq': past the cap the prefix stays a prefix
    expect(await messageSearchMatch(reader, 'tea vexq')).toEqual({ tsquery: 'tea & vexq:*', anyOf: null, words: ['tea'] })
    expect(await transcripts(ada, 'tea vexq')).toEqual(['tea vexq064 only', `tea ${many.join(' ')}`])
    // 'vexq00' can become ten words: they are named
    expect((await messageSearchMatch(reader, 'vexq00'))?.anyOf).toHaveLength(10)
    expect(await transcripts(ada, 'vexq06')).toEqual(['tea vexq064 only', `tea ${many.join(' ')}`])
    // the whole word is never expanded
    expect(await messageSearchMatch(reader, 'vexq ')).toEqual({ tsquery: 'vexq', anyOf: null, words: ['vexq'] })
    expect(await transcripts(ada, 'vexq ')).toEqual([])
  })

  it('counts every word right when many transcripts that share words are written at once', async () => {
    const { ada, bob } = await pair()
    const words = ['wombatia', 'wombatib', 'wombatic', 'wombatid']
    // twelve messages, each holding the shared words in its own order, each written in its own transaction
    const written = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db.transaction(async (tx) => {
          const [message] = await insertMessages(tx, [{ senderId: bob.id, receiverId: ada.id, transcription: null }])
          const order = i % 2 === 0 ? words : words.toReversed()
          await tx
            .update(audioMessages)
            .set({ transcription: order.join(' ') })
            .where(eq(audioMessages.id, message?.id ?? ''))
          return message?.id ?? ''
        }),
      ),
    )
    const counts = async () =>
      (await db.select().from(searchWords).where(inArray(searchWords.word, words))).map((row) => `${row.word}:${row.messages}`).sort()
    expect(await counts()).toEqual(words.map((word) => `${word}:12`))
    expect(await transcripts(ada, 'wombati')).toHaveLength(12)
    await Promise.all(written.slice(0, 5).map((id) => db.delete(audioMessages).where(eq(audioMessages.id, id))))
    expect(await counts()).toEqual(words.map((word) => `${word}:7`))
  })

  it('binds every word of an expansion as a lexeme, never as tsquery syntax', async () => {
    const odd = ["it's", 'back\\slash', 'a:b', 'x|y', '!not', 'paren)', 'sun:*']
    for (const word of odd) {
      // each quoted word matches a document holding exactly that lexeme, and not one holding a part of it
      const result = await db.execute<{ whole: boolean; part: boolean }>(
        sql`select array_to_tsvector(array[${word}]) @@ ${anyOfTsquery([word])}::tsquery as whole,
                   array_to_tsvector(array['a', 'b', 'x', 'y', 'it', 's', 'sun', 'not']) @@ ${anyOfTsquery([word])}::tsquery as part`,
      )
      expect(result.rows[0], word).toEqual({ whole: true, part: false })
    }
    const all = await db.execute<{ n: number }>(sql`select numnode(${anyOfTsquery(odd)}::tsquery) as n`)
    // seven words joined by six ORs
    expect(all.rows[0]?.n).toBe(13)
  })
})
