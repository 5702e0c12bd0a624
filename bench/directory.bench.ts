/**
 * Directory search with 100,000 people (issue: The circle): p50/p95 of name searches (substrings of 3-6
 * letters, anywhere in the name) and of exact e-mail searches, through the same service the API uses.
 * Run with `npm run bench:directory`. Prints figures; asserts nothing.
 */
import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { findByExactEmailQuery, searchByNameStatement } from '#server/modules/directory/directory.queries.ts'
import { createDirectoryService } from '#server/modules/directory/directory.service.ts'
import { fmt, percentile, reportFigure, startBenchDatabase } from './support.ts'

const PEOPLE = 100_000
const SEARCHES = 300

const database = await startBenchDatabase()
const { db } = database
try {
  const seeded = performance.now()
  // Names from two word lists, so that substrings hit a realistic spread of rows.
  await db.execute(sql`
    with first(n) as (select unnest(array['Ada','Bea','Carmen','Dmitri','Elena','Farah','Gustav','Hana','Ines','Jonas','Kofi','Lena','Mateo','Nadia','Oskar','Priya','Quentin','Rosa','Sami','Tova','Ugo','Vera','Wen','Xavier','Yusuf','Zofia'])),
         last(n) as (select unnest(array['Lovelace','Okafor','Nguyen','Moreau','Kowalski','Haddad','Silva','Tanaka','Fischer','Novak','Rossi','Jensen','Ibrahim','Costa','Berg','Dubois','Larsen','Petrov','Sato','Walsh']))
    , people as (
      select g as i, (select n from first offset (g % 26) limit 1) || ' ' || (select n from last offset ((g / 26) % 20) limit 1) || ' ' || to_hex(g) as name
      from generate_series(1, ${PEOPLE}) g
    )
    insert into "user" (id, name, email, email_verified) select 'bench-' || i, name, 'bench-' || i || '@example.test', true from people`)
  // everyone opted in to being found by address, so the e-mail searches below find someone (decision 37)
  await db.execute(
    sql`insert into profiles (id, name, full_name, onboarding_completed, findable_by_email) select id, name, name, true, true from "user" where id like 'bench-%'`,
  )
  await db.execute(sql`vacuum analyze`)
  console.log(`seeded ${PEOPLE.toLocaleString('en')} people in ${((performance.now() - seeded) / 1000).toFixed(1)} s`)

  const service = createDirectoryService({ db, pictureUrl: () => null })
  const names = ['ada', 'elena', 'okaf', 'nguy', 'rosa', 'tanak', 'kowal', 'vera s', 'lovel', 'mateo', 'ibrah', 'zofia w', 'zzzzz']
  const timings = async (queries: string[]) => {
    const ms: number[] = []
    for (const query of queries) {
      const started = performance.now()
      await service.search('bench-0', query)
      ms.push(performance.now() - started)
    }
    return ms.sort((a, b) => a - b)
  }
  // warm-up
  await timings(names)
  const nameMs = await timings(Array.from({ length: SEARCHES }, (_, i) => names[i % names.length] as string))
  const emailMs = await timings(Array.from({ length: SEARCHES }, (_, i) => `bench-${(i * 331) % PEOPLE}@example.test`))
  console.log(`name search   (${SEARCHES}): p50 ${fmt(percentile(nameMs, 50))}  p95 ${fmt(percentile(nameMs, 95))}`)
  console.log(`e-mail search (${SEARCHES}): p50 ${fmt(percentile(emailMs, 50))}  p95 ${fmt(percentile(emailMs, 95))}`)
  await reportFigure({ measure: 'directory name search p95, 100,000 people', value: percentile(nameMs, 95), unit: 'ms', budget: 5 })
  await reportFigure({ measure: 'directory e-mail search p95, 100,000 people', value: percentile(emailMs, 95), unit: 'ms', budget: 5 })

  // the plans of the statements the service sends, with their parameters: a common name part (the walk of the name
  // order, stopping at 20), a rare one (the trigram index), a common first name (the prefixes fill the page, the
  // anywhere rank is never read) and an address (the unique index on lower(email))
  const explain = async (label: string, statement: { sql: string; params: unknown[] }) => {
    const plan = await database.pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.sql}`, statement.params)
    console.log(`plan for ${label}:\n` + plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n'))
  }
  const nameStatement = (text: string) => new PgDialect().sqlToQuery(searchByNameStatement(text, 'bench-0'))
  // what the database itself spends on each name text, free of the wall clock's noise on a busy machine
  const executions: string[] = []
  for (const name of names) {
    const { sql: text, params } = nameStatement(name)
    const plan = await database.pool.query<{ 'QUERY PLAN': string }>(`explain (analyze) ${text}`, params)
    const executed = plan.rows.map((r) => r['QUERY PLAN']).find((line) => line.startsWith('Execution Time'))
    executions.push(`'${name}' ${executed?.replace('Execution Time: ', '') ?? '?'}`)
  }
  console.log(`name statements executed in: ${executions.join(', ')}`)
  await explain("a common name part 'okaf'", nameStatement('okaf'))
  await explain("a rare name part 'zofia w'", nameStatement('zofia w'))
  await explain("a common first name 'ada'", nameStatement('ada'))
  await explain('an exact address', findByExactEmailQuery(db, 'bench-331@example.test', 'bench-0').toSQL())
} finally {
  await database.stop()
}
