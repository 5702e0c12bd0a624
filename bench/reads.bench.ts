/**
 * Every list and search at a million messages: seeds the million-message data set (`bench/seed.ts`), then times
 * each read through the same service functions the routes call, p50/p95 over 200 calls, for the heaviest person
 * and for a typical (median) one, and prints the plan of each read's slowest statement. Budgets: p95 <= 10 ms for
 * the heaviest person, <= 3 ms for a typical one. It does so on each seed variant in turn (each its own vocabulary and
 * word frequencies, on a database of its own), or on those BENCH_SEED_VARIANT names (comma-separated), and reports each
 * variant's figures. `npm run bench:reads`. Prints figures; asserts nothing.
 */
import type pg from 'pg'
import { createContactsService } from '#server/modules/contacts/contacts.service.ts'
import { hasInvitedByMail } from '#server/modules/invitations/invitations.queries.ts'
import { closeInvitationsOnConnection } from '#server/modules/invitations/invitations.service.ts'
import { createMessageSearchService } from '#server/modules/message-search/message-search.service.ts'
import { createMessagesService } from '#server/modules/messages/messages.service.ts'
import { RARE_WORD, SEED_VARIANTS, seedDataSet, seedVariant, type SeededPerson, type SeedVariant } from './seed.ts'
import { fmt, percentile, reportFigure, startBenchDatabase } from './support.ts'

const CALLS = 200
const BUDGET = { heaviest: 10, typical: 3 }
/**
 * The search rows' p95 before two words or more went through each person's word keys (decision 171), per variant:
 * measured 2026-11-26 on the kept data sets, two cores shared with five other sessions (load average 8-30).
 */
const SEARCH_BEFORE: Record<string, Record<string, number>> = {
  everyday: {
    "search one word 'coffee', heaviest": 44.23,
    "search two words 'coffee sunday', heaviest": 88.98,
    "search a rare word 'passport', heaviest": 75.21,
    "search the word being typed 'gard', heaviest": 83.9,
    "search one word 'coffee', typical": 35.29,
    "search two words 'coffee sunday', typical": 37.13,
    "search a rare word 'passport', typical": 13.63,
    "search the word being typed 'gard', typical": 19.6,
  },
  other: {
    "search one word 'still', heaviest": 33.48,
    "search two words 'still tonight', heaviest": 92.1,
    "search a rare word 'passport', heaviest": 57.46,
    "search the word being typed 'stat', heaviest": 76.22,
    "search one word 'still', typical": 56.57,
    "search two words 'still tonight', typical": 38.31,
    "search a rare word 'passport', typical": 37.16,
    "search the word being typed 'stat', typical": 20.51,
  },
}

type Statement = { text: string; values: unknown[]; ms: number }

/** Records what goes through `pool.query` while `run` runs, with how long each statement took. */
function statementRecorder(pool: pg.Pool) {
  const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>
  let recording: Statement[] | null = null
  ;(pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args: unknown[]) => {
    const started = performance.now()
    const result = await original(...args)
    if (recording) {
      const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined]
      const text = typeof first === 'string' ? first : first.text
      // drizzle passes its parameters beside the query config: query({ text, rowMode }, params)
      const values = second ?? (typeof first === 'string' ? [] : (first.values ?? []))
      recording.push({ text, values, ms: performance.now() - started })
    }
    return result
  }
  return {
    async slowest(run: () => Promise<unknown>): Promise<Statement | undefined> {
      recording = []
      try {
        await run()
        return recording.sort((a, b) => b.ms - a.ms)[0]
      } finally {
        recording = null
      }
    },
    original,
  }
}

async function measureVariant(variant: SeedVariant) {
  const database = await startBenchDatabase(variant.name)
  const { db, pool } = database
  try {
    const started = performance.now()
    console.log(`\nseeding the million-message data set (bench/seed.ts), variant '${variant.name}':`)
    const seeded = await seedDataSet(pool, variant)
    console.log(
      `seeded ${seeded.people.toLocaleString('en')} people, ${seeded.contacts.toLocaleString('en')} contact rows, ` +
        `${seeded.messages.toLocaleString('en')} messages in ${((performance.now() - started) / 60_000).toFixed(1)} min`,
    )
    await reportFigure({
      measure: `seed: 10,000 people, 93,000 contacts, 1,000,000 messages, ${variant.name} words`,
      value: (performance.now() - started) / 60_000,
      unit: 'min',
    })

    const recorder = statementRecorder(pool)
    const pictureUrl = () => null
    const contactsService = createContactsService({
      db,
      pictureUrl,
      invitations: { hasInvitedByMail, closeOnConnection: closeInvitationsOnConnection },
    })
    const messagesService = createMessagesService({
      db,
      signMediaUrl: (key) => key,
      pictureUrl,
      speech: { engine: 'none', engineModel: null },
      queue: { enqueueMany: async () => undefined },
      notifications: { newMessageJobs: () => [] },
      health: { refreshSoon: () => undefined },
    })
    const searchService = createMessageSearchService({ db, pictureUrl })

    /** A cursor about 90 % of the way back in the person's busiest conversation. */
    const deepCursor = async (person: SeededPerson) => {
      const found = await pool.query<{ cursor: string }>(
        `select to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || m.id as cursor
       from audio_messages m join contacts ct on ct.id = $1
       where (m.sender_id, m.receiver_id) in ((ct.user_id, ct.contact_user_id), (ct.contact_user_id, ct.user_id))
       order by m.created_at desc, m.id desc offset $2 limit 1`,
        [person.contactId, Math.floor(person.contactMessages * 0.9)],
      )
      return found.rows[0]?.cursor
    }

    const reads = async (person: SeededPerson): Promise<[string, () => Promise<unknown>][]> => {
      const { oneWord, twoWords, typing } = variant.searches
      const deep = await deepCursor(person)
      const overviewPage2 = (await searchService.search(person.id, { q: '' })).next_cursor ?? undefined
      return [
        ['contacts home', () => contactsService.list(person.id, 'active')],
        ['conversation first page', () => messagesService.listWithContact(person.id, person.contactId, { limit: 50 })],
        ['conversation, a page 90 % back', () => messagesService.listWithContact(person.id, person.contactId, { before: deep, limit: 50 })],
        ['overview first page', () => searchService.search(person.id, { q: '' })],
        ['overview second page', () => searchService.search(person.id, { q: '', cursor: overviewPage2 })],
        ["overview topic 'travel'", () => searchService.search(person.id, { q: 'travel' })],
        ["overview emotion 'grateful'", () => searchService.search(person.id, { q: 'grateful' })],
        [`search one word '${oneWord}'`, () => searchService.search(person.id, { q: oneWord })],
        [`search two words '${twoWords}'`, () => searchService.search(person.id, { q: twoWords })],
        [`search a rare word '${RARE_WORD}'`, () => searchService.search(person.id, { q: RARE_WORD })],
        [`search the word being typed '${typing}'`, () => searchService.search(person.id, { q: typing })],
      ]
    }

    for (const [kind, person] of [
      ['heaviest', seeded.heaviest],
      ['typical', seeded.typical],
    ] as const) {
      console.log(
        `\n${kind} person ${person.id}: ${person.messages.toLocaleString('en')} messages, ` +
          `${person.contactMessages.toLocaleString('en')} of them with the contact read here`,
      )
      for (const [name, run] of await reads(person)) {
        for (let i = 0; i < 5; i++) await run() // warm-up
        const ms: number[] = []
        for (let i = 0; i < CALLS; i++) {
          const t = performance.now()
          await run()
          ms.push(performance.now() - t)
        }
        ms.sort((a, b) => a - b)
        console.log(`${name} (${CALLS}): p50 ${fmt(percentile(ms, 50))}  p95 ${fmt(percentile(ms, 95))}`)
        await reportFigure({
          measure: `${name}, ${kind} person, p95, ${variant.name} words`,
          value: percentile(ms, 95),
          unit: 'ms',
          budget: BUDGET[kind],
          before: SEARCH_BEFORE[variant.name]?.[`${name}, ${kind}`],
        })
        const slowest = await recorder.slowest(run)
        if (slowest) {
          const plan = (await recorder.original(`explain (analyze, buffers) ${slowest.text}`, slowest.values)) as {
            rows: { 'QUERY PLAN': string }[]
          }
          console.log(`  plan of its slowest statement:\n${plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`)
        }
      }
    }
  } finally {
    await database.stop()
  }
}

const chosen = process.env.BENCH_SEED_VARIANT?.split(',').map((name) => seedVariant(name.trim())) ?? SEED_VARIANTS
for (const variant of chosen) await measureVariant(variant)
