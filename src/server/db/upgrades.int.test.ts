import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  CONTACTS,
  INVITATIONS,
  MESSAGES,
  PEOPLE,
  TRANSCRIPTS,
  VOICE_SESSION,
  seedAt,
  seedEra,
  shippedMigrations,
} from '#server/test/earlier-schemas.ts'
import { listContactsOfOwner, listLiveSessionsForUser, listMessagesOfParticipant } from '#server/modules/account/account.queries.ts'
import { listInvitationsOf } from '#server/modules/invitations/invitations.queries.ts'
import { bindMatch, messageSearchQuery } from '#server/modules/message-search/message-search.queries.ts'
import { conversationPageReader, getMessageForParticipant } from '#server/modules/messages/messages.queries.ts'
import { getProfileById } from '#server/modules/profiles/profiles.queries.ts'
import { listLatestMessages, listSessionsForOwner } from '#server/modules/voice-sessions/voice-sessions.queries.ts'
import { connectDatabase, runMigrations, type Database } from './client.ts'

// An upgrade from every schema the project has shipped (decision 215): for each migration of the journal, a database
// at that migration's schema holding the rows its time allowed, then today's migrations, then today's queries read it
// all. One database is migrated a step at a time and copied (CREATE DATABASE ... TEMPLATE) after each step, so each
// case runs only the migrations after its own.
const adminUrl = inject('pgAdminUrl')
// (what these databases hold need not survive a crash: commits are not waited for on disk)
const urlOf = (name: string) => `${adminUrl.replace(/\/postgres$/, `/${name}`)}?options=-c%20synchronous_commit%3Doff`
const migrations = shippedMigrations()
const prefix = `hearth_upgrade_${randomBytes(4).toString('hex')}`
const caseName = (index: number) => `${prefix}_${index}`
const admin = new pg.Client({ connectionString: adminUrl })

beforeAll(async () => {
  await admin.connect()
  await admin.query(`CREATE DATABASE ${prefix}`)
  for (const index of migrations.keys()) {
    const stepping = connectDatabase(urlOf(prefix), { max: 1 })
    await runMigrations(stepping.db, { migrations: migrations.slice(0, index + 1) })
    await stepping.close()
    await admin.query(`CREATE DATABASE ${caseName(index)} TEMPLATE ${prefix}`)
  }
}, 120_000)

// (the cases' databases go with the suite's cluster: dropping each would cost more than the case itself)
afterAll(() => admin.end())

/** What today's queries read of the seeded rows, for a database seeded in the era `era`. */
async function expectEverythingThere(db: Database, era: number) {
  const now = new Date()
  for (const [name, id] of [
    ['Ada', PEOPLE.ada],
    ['Bob', PEOPLE.bob],
    ['Cy', PEOPLE.cy],
    ['Dee', PEOPLE.dee],
  ] as const) {
    expect(await getProfileById(db, id)).toMatchObject({ name, language: null })
  }
  expect(await getProfileById(db, PEOPLE.ada)).toMatchObject({ fullName: 'Ada Lovelace', welcomeTranscript: 'hello it is ada' })
  expect((await listLiveSessionsForUser(db, PEOPLE.ada, now)).map((row) => row.id)).toEqual(['s-ada'])
  expect((await listLiveSessionsForUser(db, PEOPLE.bob, now)).map((row) => row.id)).toEqual(['s-bob'])
  if (era < 1) return

  const contacts = await listContactsOfOwner(db, PEOPLE.ada)
  // a row its owner never chose became a message request (0023): before 0006 only a sent message says who chose
  const request = (contact: string) =>
    era >= 2 ? (contact === CONTACTS.adaDee ? 'pending' : null) : contact === CONTACTS.adaNan ? null : 'pending'
  expect(
    contacts.map(({ id, name, contactUserId, requestStatus, archivedAt }) => ({
      id,
      name,
      contactUserId,
      requestStatus,
      archived: Boolean(archivedAt),
    })),
  ).toEqual([
    { id: CONTACTS.adaBob, name: 'Bob', contactUserId: PEOPLE.bob, requestStatus: request(CONTACTS.adaBob), archived: false },
    { id: CONTACTS.adaCy, name: 'Cy', contactUserId: PEOPLE.cy, requestStatus: request(CONTACTS.adaCy), archived: true },
    { id: CONTACTS.adaDee, name: 'Dee', contactUserId: PEOPLE.dee, requestStatus: request(CONTACTS.adaDee), archived: false },
    { id: CONTACTS.adaNan, name: 'Nan', contactUserId: null, requestStatus: null, archived: false },
  ])
  if (era < 2) return

  const sent = await listMessagesOfParticipant(db, PEOPLE.ada)
  expect(sent.map(({ id, transcription, replyToId }) => ({ id, transcription, replyToId }))).toEqual([
    { id: MESSAGES.m1, transcription: TRANSCRIPTS.m1, replyToId: null },
    { id: MESSAGES.m2, transcription: TRANSCRIPTS.m2, replyToId: MESSAGES.m1 },
    { id: MESSAGES.m3, transcription: TRANSCRIPTS.m3, replyToId: null },
    { id: MESSAGES.m4, transcription: TRANSCRIPTS.m4, replyToId: null },
    { id: MESSAGES.m5, transcription: TRANSCRIPTS.m5, replyToId: null },
  ])
  // the like, whichever way its time kept it, is the one like both see
  expect((await getMessageForParticipant(db, MESSAGES.m1, PEOPLE.bob))?.liked).toBe(true)
  expect((await getMessageForParticipant(db, MESSAGES.m2, PEOPLE.ada))?.liked).toBe(false)
  const reply = await getMessageForParticipant(db, MESSAGES.m2, PEOPLE.ada)
  expect(reply?.replyTo).toMatchObject({ id: MESSAGES.m1 })
  // the conversation reads with its stored count (0016) and both directions
  const page = await conversationPageReader(db)(PEOPLE.ada, CONTACTS.adaBob, { before: null, limit: 50 })
  expect(page?.total).toBe(2)
  expect(page?.messages.map((message) => message.id)).toEqual([MESSAGES.m2, MESSAGES.m1])
  // the search finds a word of a transcript (the search document of 0004, the person's word keys of 0025)
  const found = await messageSearchQuery(db, PEOPLE.ada, {
    match: bindMatch({ tsquery: 'market:*', anyOf: null, words: ['market'] }),
    after: null,
    limit: 20,
  })
  expect(found.map((row) => row.id)).toEqual([MESSAGES.m1])
  if (era < 7) return

  const invitations = await listInvitationsOf(db, PEOPLE.ada, 10)
  expect(invitations.map(({ id, status }) => ({ id, status })).sort((a, b) => a.id.localeCompare(b.id))).toEqual([
    { id: INVITATIONS.toEve, status: 'pending' },
    { id: INVITATIONS.cyByLink, status: 'accepted' },
  ])
  if (era < 13) return

  expect((await listSessionsForOwner(db, PEOPLE.ada, 10)).map((row) => row.title)).toEqual(['Sunday walk'])
  const notes = await listLatestMessages(db, [VOICE_SESSION], 10)
  expect(notes.map((note) => note.text).sort()).toEqual(['and saw the herons', 'we walked to the lake'])
}

describe('an upgrade to today from each shipped schema', () => {
  it.each(migrations.map((migration, index) => ({ tag: migration.tag, index })))(
    'from $tag: every row is there and today’s queries read it',
    async ({ index }) => {
      const migration = migrations[index]
      if (!migration) throw new Error('no migration')
      const database = connectDatabase(urlOf(caseName(index)), { max: 2 })
      try {
        await seedAt(database.db, migration)
        await runMigrations(database.db)
        const applied = await database.pool.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')
        expect(applied.rows[0]?.n).toBe(migrations.length)
        await expectEverythingThere(database.db, seedEra(migration))
      } finally {
        await database.close()
      }
    },
  )
})
