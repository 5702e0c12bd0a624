/**
 * Messages overview search with 10,000 messages for one person among 40,000 of other people: p50/p95 of
 * GET /api/messages's service for full-word, prefix, several-word, rare, missing and empty queries and for a second
 * page, plus the plans PostgreSQL picks. Run with `npm run bench:search`. Prints figures; asserts nothing.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { audioMessages, contacts, profiles, user } from '#server/db/schema.ts'
import { bindMatch, messageSearchQuery, messageSearchReader } from '#server/modules/message-search/message-search.queries.ts'
import { createMessageSearchService, messageSearchMatch } from '#server/modules/message-search/message-search.service.ts'
import { EMOTIONS, TOPICS } from './seed.ts'
import { fmt, percentile, startBenchDatabase } from './support.ts'

const OWN_MESSAGES = 10_000
const OTHER_MESSAGES = 40_000
const CONTACTS = 9
const SEARCHES = 200

// Everyday voice-message sentences, put together from parts so that word frequencies look like real ones.
const OPENERS = [
  'Hey!',
  'Hi love,',
  'Morning!',
  'So,',
  'Okay so',
  'Hey you,',
  'Quick one:',
  'Guess what,',
  'Hello hello,',
  'Sorry I missed your call,',
]
const MIDDLES = [
  'I really miss you and I keep thinking about our trip to the coast',
  'the new job is going well but the deadline on Friday is stressing me out',
  "let's grab coffee on Sunday and catch up properly",
  'grandma called and she wants everyone over for dinner next weekend',
  'the dog finally learned to sit and I am so proud of him',
  'I finished the book you gave me and the ending made me cry',
  "my flight got delayed again so I'm stuck at the airport with a sandwich",
  'we should plan the birthday party for Maya before it is too late',
  'the doctor said everything looks fine so I feel relieved',
  'I went for a long run by the river this morning and it was beautiful',
  "money is a bit tight this month so I'm cooking at home a lot",
  'the kids painted the kitchen wall and honestly it looks amazing',
  'I could not sleep last night because the neighbours had a party',
  'thank you for listening yesterday, it meant a lot to me',
  "I'm so excited about the concert tickets, I can't believe we got them",
]
// Now and then something rarer, as in real messages.
const ASIDES = [
  'I found my old passport in a drawer.',
  'The plumber finally came.',
  'We saw a heron at the lake.',
  'My cousin is moving to Lisbon.',
  'The violin lessons start in March.',
]
const CLOSERS = [
  'Talk soon.',
  'Call me when you can.',
  'Love you.',
  'Miss you!',
  'Anyway, that is my news.',
  'Hope your day is calm.',
  'Big hug.',
  '',
]

let seed = 42
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T
const some = <T>(list: readonly T[], max: number): T[] => [
  ...new Set(Array.from({ length: Math.floor(random() * (max + 1)) }, () => pick(list))),
]
const transcript = () =>
  [pick(OPENERS), pick(MIDDLES) + (random() < 0.5 ? `, and ${pick(MIDDLES)}.` : '.'), random() < 0.02 ? pick(ASIDES) : '', pick(CLOSERS)]
    .filter(Boolean)
    .join(' ')

const database = await startBenchDatabase()
const { db, pool } = database
try {
  const seeded = performance.now()
  const person = (name: string) => ({ id: randomUUID(), name })
  const me = person('Bench Me')
  const friends = Array.from({ length: CONTACTS }, (_, i) => person(`Friend ${i + 1}`))
  const strangers = Array.from({ length: 200 }, (_, i) => person(`Stranger ${i + 1}`))
  const everyone = [me, ...friends, ...strangers]
  await db.insert(user).values(everyone.map((p) => ({ id: p.id, name: p.name, email: `${p.id}@example.test`, emailVerified: true })))
  await db.insert(profiles).values(everyone.map((p) => ({ id: p.id, name: p.name, fullName: p.name, onboardingCompleted: true })))
  await db.insert(contacts).values(friends.map((f, i) => ({ userId: me.id, contactUserId: f.id, name: f.name, displayOrder: i })))

  const started = Date.now()
  const row = (senderId: string, receiverId: string, i: number) => {
    const failed = random() < 0.03
    return {
      senderId,
      receiverId,
      audioKey: `${senderId}/bench-${i}-${randomUUID()}.webm`,
      mimeType: 'audio/webm',
      bytes: 40_000,
      durationSeconds: 5 + Math.floor(random() * 240),
      waveform: [],
      transcription: failed ? null : transcript(),
      emotions: failed ? [] : some(EMOTIONS, 3),
      topics: failed ? [] : some(TOPICS, 4),
      processingStatus: failed ? ('failed' as const) : ('completed' as const),
      liked: random() < 0.08,
      isRead: random() < 0.85,
      createdAt: new Date(started - i * 37 * 60_000),
    }
  }
  const rows = [
    ...Array.from({ length: OWN_MESSAGES }, (_, i) => {
      const friend = pick(friends).id
      return random() < 0.5 ? row(me.id, friend, i) : row(friend, me.id, i)
    }),
    ...Array.from({ length: OTHER_MESSAGES }, (_, i) => row(pick(strangers).id, pick([...strangers, ...friends]).id, i)),
  ]
  for (let i = 0; i < rows.length; i += 2000) await db.insert(audioMessages).values(rows.slice(i, i + 2000))
  await db.execute(sql`analyze`)
  console.log(
    `seeded ${OWN_MESSAGES.toLocaleString('en')} messages of one person and ${OTHER_MESSAGES.toLocaleString('en')} of others in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  )

  const service = createMessageSearchService({ db, pictureUrl: () => null })
  const time = async (run: () => Promise<unknown>) => {
    const ms: number[] = []
    for (let i = 0; i < SEARCHES; i++) {
      const t = performance.now()
      await run()
      ms.push(performance.now() - t)
    }
    return ms.sort((a, b) => a - b)
  }
  const secondPageCursor = (await service.search(me.id, { q: '' })).next_cursor ?? undefined
  const cases: [string, () => Promise<unknown>][] = [
    ['empty query (newest 50)', () => service.search(me.id, { q: '' })],
    ['empty query, page 2', () => service.search(me.id, { q: '', cursor: secondPageCursor })],
    ["word 'coffee'", () => service.search(me.id, { q: 'coffee' })],
    ["prefix 'exci'", () => service.search(me.id, { q: 'exci' })],
    ["topic 'travel'", () => service.search(me.id, { q: 'travel' })],
    ["two words 'miss trip'", () => service.search(me.id, { q: 'miss trip' })],
    ["two words 'sandwich airport'", () => service.search(me.id, { q: 'sandwich airport' })],
    ["rare 'passport'", () => service.search(me.id, { q: 'passport' })],
    ["rare prefix 'lisb'", () => service.search(me.id, { q: 'lisb' })],
    ["one letter 's'", () => service.search(me.id, { q: 's' })],
    ["no match 'zebra'", () => service.search(me.id, { q: 'zebra' })],
  ]
  for (const [, run] of cases) await run() // warm-up
  for (const [name, run] of cases) {
    const ms = await time(run)
    console.log(`${name.padEnd(30)} (${SEARCHES}): p50 ${fmt(percentile(ms, 50))}  p95 ${fmt(percentile(ms, 95))}`)
  }

  const vocabulary = messageSearchReader(db)
  const explain = async (label: string, q: string) => {
    const query = messageSearchQuery(db, me.id, {
      match: bindMatch(await messageSearchMatch(vocabulary, q)),
      after: null,
      limit: 51,
    }).toSQL()
    const plan = await pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, costs off, timing off, summary off) ${query.sql}`,
      query.params,
    )
    console.log(`\nplan for ${label}:\n${plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`)
  }
  // a rare word goes through the GIN index; a common one is filtered while reading newest first; no words reads in order
  await explain("the rare word 'passport'", 'passport')
  await explain("the common prefix 'exci'", 'exci')
  // a whole word and the word being typed, expanded to the words it can become (decision 110)
  await explain("the two words 'miss trip'", 'miss trip')
  await explain('the empty query', '')
} finally {
  await database.stop()
}
