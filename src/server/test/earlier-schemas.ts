/**
 * Databases as earlier versions of Hearth left them (decision 215): the migrations up to one of the journal's, then
 * realistic rows written the way the schema of that time allowed. A seed is written once per era: the seed of a
 * schema is the newest one written for a migration at or before it, and a new one is written only where a migration
 * changed the seeded tables in a way the older seed cannot fill. Imports no test runner.
 */
import { readMigrations, runMigrations, type Database, type Migration } from '#server/db/client.ts'

export const PEOPLE = { ada: 'u-ada', bob: 'u-bob', cy: 'u-cy', dee: 'u-dee' } as const

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
/** Ada's contacts: Bob (in her circle), Cy (archived), Dee (whose message she never answered), Nan (not on Hearth) */
export const CONTACTS = {
  adaBob: id(101),
  bobAda: id(102),
  adaCy: id(103),
  cyAda: id(104),
  adaDee: id(105),
  deeAda: id(106),
  adaNan: id(107),
}
/** m1 Ada to Bob (liked), m2 Bob's reply to it, m3 Cy to Ada, m4 Ada to Cy, m5 Dee to Ada */
export const MESSAGES = { m1: id(201), m2: id(202), m3: id(203), m4: id(204), m5: id(205) }
export const TRANSCRIPTS = {
  m1: 'coffee tomorrow morning at the market',
  m2: 'yes coffee sounds good see you there',
  m3: 'happy birthday from all of us',
  m4: 'thank you so much',
  m5: 'hello ada it is dee from the choir',
}
export const INVITATIONS = { toEve: id(301), cyByLink: id(302) }
export const VOICE_SESSION = id(401)

const people = `
insert into "user" (id, name, email, email_verified, created_at) values
  ('u-ada', 'Ada', 'ada@example.test', true, '2026-01-01T10:00:00Z'),
  ('u-bob', 'Bob', 'bob@example.test', true, '2026-01-02T10:00:00Z'),
  ('u-cy', 'Cy', 'cy@example.test', true, '2026-01-03T10:00:00Z'),
  ('u-dee', 'Dee', 'dee@example.test', false, '2026-01-04T10:00:00Z');
insert into account (id, account_id, provider_id, user_id, password) values
  ('a-ada', 'u-ada', 'credential', 'u-ada', 'hash-ada'), ('a-bob', 'u-bob', 'credential', 'u-bob', 'hash-bob'),
  ('a-cy', 'u-cy', 'credential', 'u-cy', 'hash-cy'), ('a-dee', 'u-dee', 'credential', 'u-dee', 'hash-dee');
insert into session (id, expires_at, token, user_id, user_agent) values
  ('s-ada', now() + interval '20 days', 'token-ada', 'u-ada', 'Firefox'),
  ('s-bob', now() + interval '20 days', 'token-bob', 'u-bob', 'Safari'),
  ('s-bob-old', now() - interval '1 day', 'token-bob-old', 'u-bob', 'Safari');
insert into profiles (id, name, full_name, welcome_transcript, onboarding_completed) values
  ('u-ada', 'Ada', 'Ada Lovelace', 'hello it is ada', true), ('u-bob', 'Bob', 'Bob Marley', null, true),
  ('u-cy', 'Cy', null, null, true), ('u-dee', 'Dee', null, null, false);`

const contactRows = (withChosen: boolean, withRequests: boolean) => {
  const extra = `${withChosen ? ', chosen_at' : ''}${withRequests ? ', request_status' : ''}`
  const row = (
    contact: string,
    owner: string,
    other: string | null,
    name: string,
    order: number,
    archived: boolean,
    chosen: boolean,
    request: boolean,
  ) =>
    `('${contact}', '${owner}', ${other ? `'${other}'` : 'null'}, '${name}', ${order}, ${archived ? "'2026-02-01T00:00:00Z'" : 'null'}` +
    `${withChosen ? (chosen ? ", '2026-01-05T00:00:00Z'" : ', null') : ''}${withRequests ? (request ? ", 'pending'" : ', null') : ''})`
  return `
insert into contacts (id, user_id, contact_user_id, name, display_order, archived_at${extra}) values
  ${[
    row(CONTACTS.adaBob, 'u-ada', 'u-bob', 'Bob', 0, false, true, false),
    row(CONTACTS.bobAda, 'u-bob', 'u-ada', 'Ada', 0, false, true, false),
    row(CONTACTS.adaCy, 'u-ada', 'u-cy', 'Cy', 1, true, true, false),
    row(CONTACTS.cyAda, 'u-cy', 'u-ada', 'Ada', 0, false, true, false),
    row(CONTACTS.adaDee, 'u-ada', 'u-dee', 'Dee', 2, false, false, true),
    row(CONTACTS.deeAda, 'u-dee', 'u-ada', 'Ada', 0, false, true, false),
    row(CONTACTS.adaNan, 'u-ada', null, 'Nan', 3, false, false, false),
  ].join(',\n  ')};
insert into conversations (user_id, contact_id)
  select user_id, id from contacts where contact_user_id is not null;`
}

/** the five messages; `liked`: the one flag of 0002 to 0005 and from 0028 on, or none (0006 to 0027 keep likes apart) */
const messages = (liked: boolean) => `
insert into audio_messages (id, sender_id, receiver_id, audio_key, mime_type, bytes, duration_seconds, waveform, transcription,
    emotions, topics, reply_to_id, ${liked ? 'liked, ' : ''}is_read, processing_status, created_at) values
  ('${MESSAGES.m1}', 'u-ada', 'u-bob', 'audio/m1', 'audio/webm', 1200, 3.5, '[0.1,0.5]', '${TRANSCRIPTS.m1}',
    '{joy}', '{coffee}', null, ${liked ? 'true, ' : ''}true, 'completed', '2026-01-10T09:00:00Z'),
  ('${MESSAGES.m2}', 'u-bob', 'u-ada', 'audio/m2', 'audio/webm', 900, 2.5, '[0.2]', '${TRANSCRIPTS.m2}',
    '{}', '{}', '${MESSAGES.m1}', ${liked ? 'false, ' : ''}false, 'completed', '2026-01-10T09:05:00Z'),
  ('${MESSAGES.m3}', 'u-cy', 'u-ada', 'audio/m3', 'audio/webm', 800, 2, '[0.3]', '${TRANSCRIPTS.m3}',
    '{joy}', '{birthday}', null, ${liked ? 'false, ' : ''}true, 'completed', '2026-01-11T09:00:00Z'),
  ('${MESSAGES.m4}', 'u-ada', 'u-cy', 'audio/m4', 'audio/ogg', 700, 1.5, '[0.4]', '${TRANSCRIPTS.m4}',
    '{}', '{}', null, ${liked ? 'false, ' : ''}true, 'completed', '2026-01-11T10:00:00Z'),
  ('${MESSAGES.m5}', 'u-dee', 'u-ada', 'audio/m5', 'audio/webm', 600, 4, '[0.5]', '${TRANSCRIPTS.m5}',
    '{}', '{}', null, ${liked ? 'false, ' : ''}false, 'completed', '2026-01-12T09:00:00Z');`

/** Bob's like of Ada's message, as a row of its own (0006 to 0027) */
const likeRows = `insert into message_likes (message_id, user_id) values ('${MESSAGES.m1}', 'u-bob');`

const invitations = `
insert into invitations (id, inviter_user_id, kind, email, recipient_name, token_hash, status, accepted_by, accepted_at, expires_at) values
  ('${INVITATIONS.toEve}', 'u-ada', 'email', 'eve@example.test', 'Eve', 'hash-eve', 'pending', null, null, now() + interval '7 days'),
  ('${INVITATIONS.cyByLink}', 'u-ada', 'link', null, 'Cy', 'hash-cy', 'accepted', 'u-cy', '2026-01-03T11:00:00Z', '2026-01-10T00:00:00Z');`

const voiceSessions = `
insert into sessions (id, profile_id, title, date) values ('${VOICE_SESSION}', 'u-ada', 'Sunday walk', '2026-01-14');
insert into session_messages (session_id, text, role, created_at) values
  ('${VOICE_SESSION}', 'we walked to the lake', 'user', '2026-01-14T10:00:00Z'),
  ('${VOICE_SESSION}', 'and saw the herons', 'user', '2026-01-14T10:01:00Z');`

/** Each era's seed, by the number of the migration that made the older seed unable to fill its tables. */
const SEEDS: Record<number, string[]> = {
  0: [people],
  1: [people, contactRows(false, false)],
  2: [people, contactRows(false, false), messages(true)],
  // likes became rows of their own, and a contact chosen by its owner is marked so
  6: [people, contactRows(true, false), messages(false), likeRows],
  7: [people, contactRows(true, false), messages(false), likeRows, invitations],
  13: [people, contactRows(true, false), messages(false), likeRows, invitations, voiceSessions],
  // a row its owner never chose is a message request
  23: [people, contactRows(true, true), messages(false), likeRows, invitations, voiceSessions],
  // one like per message again, both people's
  28: [people, contactRows(true, true), messages(true), invitations, voiceSessions],
}

const numberOf = (migration: Migration) => Number.parseInt(migration.tag, 10)

/** The era of the seed a database at `migration` gets: the newest seed written for a migration at or before it. */
export function seedEra(migration: Migration): number {
  return Math.max(
    ...Object.keys(SEEDS)
      .map(Number)
      .filter((era) => era <= numberOf(migration)),
  )
}

/** Writes the seed of `migration`'s era into a database at that migration's schema. */
export async function seedAt(db: Database, migration: Migration): Promise<void> {
  const client = (db as unknown as { $client: { query: (text: string) => Promise<unknown> } }).$client
  for (const statements of SEEDS[seedEra(migration)] ?? []) await client.query(statements)
}

/** Every migration the project has shipped, in order. */
export const shippedMigrations = () => readMigrations()

/** Applies the shipped migrations up to and including the one tagged `tag` (as a start of that version did). */
export async function migrateUpTo(db: Database, tag: string): Promise<Migration> {
  const all = readMigrations()
  const index = all.findIndex((migration) => migration.tag === tag)
  if (index < 0) throw new Error(`no migration ${tag}`)
  await runMigrations(db, { migrations: all.slice(0, index + 1) })
  return all[index] as Migration
}
