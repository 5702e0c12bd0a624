/**
 * The million-message data set (docs/performance.md), built in bulk SQL on a database migrated with Hearth's own migrations: 10,000 people,
 * ~93,000 contact rows (both directions of ~46,500 pairs, each with its conversation rows), and ~1,000,000 voice
 * messages: ten heavy pairs of 20,000 to 40,000 messages over ten years, the rest spread over the other pairs with a
 * skew (most pairs exchange a few, some many), 30-word transcripts with topics and emotions, and one rare word in
 * 0.8 % of them; its vocabulary and word frequencies are those of a variant (SEED_VARIANTS). The message totals come from the statement triggers of decision 86, as on a real send; the seed
 * checks them against a count at the end.
 *
 * `npm run bench:seed [-- --variant other]` builds it on a throw-away database and prints how long each step took; `npm run bench` and
 * `bench/reads.bench.ts` call `seedDataSet` and measure on it.
 */
import { pathToFileURL } from 'node:url'
import type pg from 'pg'
import { startBenchDatabase } from './support.ts'

export const PEOPLE = 10_000
const HEAVY_PAIRS = 10
const OTHER_MESSAGES = 700_000
/** one transcript in this many holds the rare word (0.8 %) */
export const RARE_WORD = 'passport'

/**
 * A data set's words and how often each is said. The benches were first tuned on `everyday`; `other` has another
 * vocabulary, more words and a steeper skew (its commonest words far more common), with the same sizes, so that a
 * plan that holds only for one word distribution shows. Each is deterministic: the same seed gives the same rows.
 */
export type SeedVariant = {
  name: string
  /** PostgreSQL's setseed, so a variant is the same set on every run */
  seed: number
  /** most common first: word i of n is drawn with probability ((i+1)/n)^(1/skew) - (i/n)^(1/skew) */
  words: string[]
  skew: number
  /** what reads.bench searches for: a common word, two words, and the start of a word being typed */
  searches: { oneWord: string; twoWords: string; typing: string }
}

export const SEED_VARIANTS: SeedVariant[] = [
  {
    name: 'everyday',
    seed: 0.21,
    words: (
      "i you the and to a it we that is so just really was of in my it's love on for have be this with me but " +
      'what like know about today think good yeah time home day going got get can go back okay right tomorrow ' +
      'call miss night work kids dinner said well morning weekend little maybe tell want soon week thank sorry ' +
      'hug later lunch mum dad garden weather coffee sunday walk dog cat rain sun car train school doctor birthday ' +
      'party cake friends sister brother grandma trip beach holiday photos movie book music song kitchen bread ' +
      'tea shopping market money bills rent job meeting boss office tired happy sad worried excited proud ' +
      'cold warm snow flowers park river lake mountain bike run swim football match game news city village ' +
      'neighbour church wedding baby cousin uncle aunt letter phone laptop broken fixed painted cooked baked'
    ).split(' '),
    skew: 2.2,
    searches: { oneWord: 'coffee', twoWords: 'coffee sunday', typing: 'gard' },
  },
  {
    name: 'other',
    seed: 0.57,
    words: (
      'hey oh yes no we they he she them our your his her there here now then when where who how why not all ' +
      'some one two three very much more most still already again never always also too only even once ' +
      'honestly literally basically anyway listen look sounds means need needs make made take took give gave ' +
      'bring brought find found leave left keep kept start started finish finished wait waited remember forgot ' +
      'message voice later tonight yesterday evening afternoon monday friday saturday month year hour minute ' +
      'bus tram station airport flight hotel ticket luggage suitcase map street bridge square harbour island ' +
      'soup pasta rice salad cheese apples oranges chocolate biscuits pizza curry noodles breakfast supper ' +
      'nurse hospital appointment medicine headache knee back sleep pillow blanket sofa window door stairs ' +
      'garage shed roof leak plumber electrician builder paint ladder hammer drill fence hedge lawn roses ' +
      'tulips seeds compost chickens eggs horse pony sheep goats farm tractor field harvest orchard vineyard ' +
      'choir concert guitar piano violin drums festival theatre gallery museum library poem story novel ' +
      'chapter crossword puzzle chess cards knitting sewing quilt scarf gloves boots umbrella coat jumper ' +
      'grandad granddaughter grandson nephew niece godmother stepson twins toddler nursery homework exams ' +
      'graduation university scholarship interview promotion pension retirement savings mortgage landlord'
    ).split(' '),
    skew: 3.2,
    searches: { oneWord: 'still', twoWords: 'still tonight', typing: 'stat' },
  },
]

/** The variant named by `--variant <name>` or BENCH_SEED_VARIANT, else the first. */
export function seedVariant(name = process.env.BENCH_SEED_VARIANT): SeedVariant {
  const found = SEED_VARIANTS.find((variant) => variant.name === (name ?? SEED_VARIANTS[0]?.name))
  if (!found) throw new Error(`no seed variant '${name}': ${SEED_VARIANTS.map((v) => v.name).join(', ')}`)
  return found
}

/** the analysis's topics and emotions as the benches use them */
export const TOPICS = [
  'family',
  'friends',
  'work',
  'plans',
  'travel',
  'health',
  'food',
  'home',
  'money',
  'pets',
  'books',
  'sports',
  'sleep',
  'music',
]
export const EMOTIONS = [
  'happy',
  'loving',
  'grateful',
  'excited',
  'calm',
  'hopeful',
  'proud',
  'stressed',
  'tired',
  'nostalgic',
  'anxious',
  'amused',
]
const FIRST = ['Ada', 'Bea', 'Carmen', 'Dmitri', 'Elena', 'Farah', 'Gustav', 'Hana', 'Ines', 'Jonas', 'Kofi', 'Lena', 'Mateo']
const LAST = ['Lovelace', 'Okafor', 'Nguyen', 'Moreau', 'Kowalski', 'Haddad', 'Silva', 'Tanaka', 'Fischer', 'Novak', 'Rossi']

const textArray = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`

/** A person's id in the seeded set. */
export const personId = (i: number) => `p${String(i).padStart(5, '0')}`

export type SeededPerson = { id: string; messages: number; contactId: string; contactMessages: number }
export type SeededDataSet = { people: number; contacts: number; messages: number; heaviest: SeededPerson; typical: SeededPerson }

/** The data set's sizes, and its heaviest and typical (median) person with the contact they exchanged most with. */
async function describeDataSet(client: pg.PoolClient): Promise<SeededDataSet> {
  const sizes = await client.query<{ people: string; contacts: string; messages: string }>(
    `select (select count(*) from "user") as people, (select count(*) from contacts) as contacts, (select count(*) from audio_messages) as messages`,
  )
  const person = async (order: string): Promise<SeededPerson> => {
    const found = await client.query<{ id: string; messages: number; contact_id: string; contact_messages: number }>(
      `with per_person as (
         select ct.user_id as id, sum(c.message_count)::int as messages from contacts ct join conversations c on c.contact_id = ct.id group by 1
       ), chosen as (select * from per_person order by ${order} limit 1)
       select chosen.id, chosen.messages, ct.id as contact_id, c.message_count as contact_messages
       from chosen join contacts ct on ct.user_id = chosen.id join conversations c on c.contact_id = ct.id
       order by c.message_count desc limit 1`,
    )
    const row = found.rows[0]
    if (!row) throw new Error('the seeded set has no people')
    return { id: row.id, messages: row.messages, contactId: row.contact_id, contactMessages: row.contact_messages }
  }
  const heaviest = await person('messages desc, id')
  // the median person by messages
  const typical = await person(`abs(messages - (select percentile_disc(0.5) within group (order by messages) from per_person)), id`)
  const row = sizes.rows[0]
  return { people: Number(row?.people), contacts: Number(row?.contacts), messages: Number(row?.messages), heaviest, typical }
}

/**
 * Seeds the data set into an empty, migrated database and says how long each step took through `log`; a database that
 * holds messages already (one kept by HEARTH_BENCH_KEEP_DIR) is reused as it is.
 */
export async function seedDataSet(
  pool: pg.Pool,
  variant: SeedVariant = seedVariant(),
  log: (line: string) => void = console.log,
): Promise<SeededDataSet> {
  const WORDS = variant.words
  const client = await pool.connect()
  const step = async (label: string, statement: string) => {
    const started = performance.now()
    const result = await client.query(statement)
    log(
      `  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s${result.rowCount ? ` (${result.rowCount.toLocaleString('en')} rows)` : ''}`,
    )
    return result
  }
  try {
    // a database kept by HEARTH_BENCH_KEEP_DIR that holds the data set already is measured again as it is
    const seeded = await client.query(`select exists (select 1 from audio_messages) as seeded`)
    if (seeded.rows[0]?.seeded) {
      log('  the kept database holds the data set already: reusing it')
      return await describeDataSet(client)
    }
    await client.query(`set maintenance_work_mem = '256MB'`)
    await client.query(`select setseed(${variant.seed})`)
    await step(
      'people',
      `insert into "user" (id, name, email, email_verified, created_at)
       select 'p' || lpad(i::text, 5, '0'), f.n || ' ' || l.n || ' ' || i, 'p' || i || '@example.test', true, now() - interval '10 years'
       from generate_series(0, ${PEOPLE - 1}) i
       cross join lateral (select (${textArray(FIRST)})[1 + i % ${FIRST.length}] as n) f
       cross join lateral (select (${textArray(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}] as n) l`,
    )
    await step('profiles', `insert into profiles (id, name, full_name, onboarding_completed) select id, name, name, true from "user"`)
    // Each person with the next four people, and 65 % of them with the fifth: ~46,500 pairs. The pairs (10j, 10j+1)
    // for j < 10 are the heavy ones; every other pair gets a share of the rest drawn with a strong skew.
    await step(
      'pairs',
      `create temporary table seed_pairs as
       select row_number() over (order by a, d) as pair, a, b, d, heavy, weight, span_days, newest_minutes from (
         select 'p' || lpad(i::text, 5, '0') as a, 'p' || lpad(((i + d) % ${PEOPLE})::text, 5, '0') as b, d,
           case when d = 1 and i % 10 = 0 and i < ${HEAVY_PAIRS * 10} then i / 10 end as heavy,
           power(random(), 4) as weight, 30 + floor(random() * 3620)::int as span_days, floor(random() * 129600)::int as newest_minutes
         from generate_series(0, ${PEOPLE - 1}) i cross join generate_series(1, 5) d
         where d <= 4 or i % 20 < 13
       ) p`,
    )
    await step(
      'message counts per pair',
      `alter table seed_pairs add column n integer;
       update seed_pairs set n = case when heavy is not null then 20000 + round(heavy * 20000.0 / ${HEAVY_PAIRS - 1})
         else round(weight * ${OTHER_MESSAGES} / (select sum(weight) from seed_pairs where heavy is null)) end,
         span_days = case when heavy is not null then 3650 else span_days end,
         newest_minutes = case when heavy is not null then 5 else newest_minutes end`,
    )
    await step(
      'contacts',
      `insert into contacts (user_id, contact_user_id, name, display_order, chosen_at, created_at)
       select s.owner, s.other, u.name, s.d, now() - interval '10 years', now() - interval '10 years'
       from seed_pairs p cross join lateral (values (p.a, p.b, p.d), (p.b, p.a, p.d)) s (owner, other, d)
       join "user" u on u.id = s.other`,
    )
    await step('conversations', `insert into conversations (user_id, contact_id) select user_id, id from contacts`)
    await step(
      'transcripts',
      `create temporary table seed_transcripts as
       select t, (select string_agg(case when w = 30 and t % 125 = 0 then '${RARE_WORD}'
                    else (${textArray(WORDS)})[1 + floor(${WORDS.length} * power(random(), ${variant.skew}))::int] end, ' ')
                  from generate_series(1, 30) w where t = t) as transcription,
         array(select distinct (${textArray(TOPICS)})[1 + floor(random() * ${TOPICS.length})::int] from generate_series(1, 1 + t % 3) k where t = t) as topics,
         array(select distinct (${textArray(EMOTIONS)})[1 + floor(random() * ${EMOTIONS.length})::int] from generate_series(1, 1 + t % 2) k where t = t) as emotions
       from generate_series(0, 19999) t`,
    )
    // Bulk load: the message indexes are dropped and built again afterwards from their own definitions (far quicker
    // than a million inserts into two GIN indexes); the primary key and the unique audio key stay.
    const indexes = await client.query<{ indexname: string; indexdef: string }>(
      `select i.indexname, i.indexdef from pg_indexes i
       where i.tablename = 'audio_messages' and i.schemaname = 'public'
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    )
    for (const index of indexes.rows) await client.query(`drop index "${index.indexname}"`)
    const pairs = await client.query<{ pair: string }>(`select max(pair) as pair from seed_pairs`)
    const lastPair = Number(pairs.rows[0]?.pair ?? 0)
    const started = performance.now()
    const CHUNK = 5_000
    for (let from = 1; from <= lastPair; from += CHUNK) {
      // the triggers of decision 86 count each statement's messages into both conversations of their pair
      await client.query(
        `insert into audio_messages (sender_id, receiver_id, audio_key, mime_type, bytes, duration_seconds, waveform,
           transcription, topics, emotions, processing_status, is_read, created_at, updated_at)
         select case when a_sends then p.a else p.b end, case when a_sends then p.b else p.a end, 'seed/' || p.pair || '/' || k, 'audio/mp4',
           40000 + k % 9000, 5 + (k * 7919) % 240, '[]'::jsonb, t.transcription, t.topics, t.emotions, 'completed',
           k > 3 or random() < 0.5,
           now() - make_interval(mins => p.newest_minutes) - make_interval(secs => (k - 1) * (p.span_days * 86400.0 / p.n)),
           now()
         from seed_pairs p cross join generate_series(1, p.n) k
         cross join lateral (select (k * 7919 + p.pair) % 11 < 6 as a_sends) s
         join seed_transcripts t on t.t = (p.pair * 7 + k * 13) % 20000
         where p.pair between ${from} and ${from + CHUNK - 1}`,
      )
    }
    log(`  messages: ${((performance.now() - started) / 1000).toFixed(1)} s`)
    for (const index of indexes.rows) await step(`index ${index.indexname}`, index.indexdef)
    await step(
      'last message of each conversation',
      `update conversations c set last_message_id = (
         select id from (
           (select id, created_at from audio_messages where sender_id = ct.user_id and receiver_id = ct.contact_user_id order by created_at desc, id desc limit 1)
           union all
           (select id, created_at from audio_messages where sender_id = ct.contact_user_id and receiver_id = ct.user_id order by created_at desc, id desc limit 1)
         ) newest order by created_at desc, id desc limit 1)
       from contacts ct where ct.id = c.contact_id`,
    )
    await step(
      'unread counts',
      `update conversations c set unread_count = u.n
       from (select receiver_id, sender_id, count(*)::int as n from audio_messages where not is_read group by 1, 2) u, contacts ct
       where ct.id = c.contact_id and ct.user_id = u.receiver_id and ct.contact_user_id = u.sender_id`,
    )
    await step(
      'last interaction and reply',
      `update contacts ct set last_interaction = m.created_at,
         last_reply_from_them = (select max(created_at) from audio_messages r where r.sender_id = ct.contact_user_id and r.receiver_id = ct.user_id)
       from conversations c join audio_messages m on m.id = c.last_message_id
       where c.contact_id = ct.id`,
    )
    await step('vacuum analyze', 'vacuum analyze')

    // The totals the triggers kept, against a count of the messages themselves.
    const wrong = await client.query<{ wrong: string }>(
      `select count(*) as wrong from conversations c join contacts ct on ct.id = c.contact_id
       left join (select least(sender_id, receiver_id) as x, greatest(sender_id, receiver_id) as y, count(*)::int as n
                  from audio_messages group by 1, 2) m
         on m.x = least(ct.user_id, ct.contact_user_id) and m.y = greatest(ct.user_id, ct.contact_user_id)
       where c.message_count <> coalesce(m.n, 0)`,
    )
    const wrongTotals = Number(wrong.rows[0]?.wrong ?? 0)
    if (wrongTotals > 0) throw new Error(`${wrongTotals} conversations hold a wrong message total after seeding`)
    log('  stored message totals: all right (checked against a count)')

    return await describeDataSet(client)
  } finally {
    client.release()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const flag = process.argv.indexOf('--variant')
  const variant = seedVariant(flag > 0 ? process.argv[flag + 1] : undefined)
  const database = await startBenchDatabase(variant.name)
  try {
    const started = performance.now()
    console.log(`seed variant '${variant.name}'`)
    const seeded = await seedDataSet(database.pool, variant)
    console.log(
      `seeded ${seeded.people.toLocaleString('en')} people, ${seeded.contacts.toLocaleString('en')} contact rows and ` +
        `${seeded.messages.toLocaleString('en')} messages in ${((performance.now() - started) / 60_000).toFixed(1)} min`,
    )
    console.log(`heaviest person: ${JSON.stringify(seeded.heaviest)}\ntypical person: ${JSON.stringify(seeded.typical)}`)
  } finally {
    await database.stop()
  }
}
