import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { DirectoryResult } from '#shared/directory.ts'
import { profiles, user } from '#server/db/schema.ts'
import { insertPerson } from '#server/test/data.ts'
import { insertSignedInPerson, signIn } from '#server/test/people.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'
import { DIRECTORY_RATE_LIMIT } from './directory.routes.ts'

const { app, db } = await createTestApp()

const search = async (cookie: string, q: string) => {
  const response = await app.inject({ method: 'GET', url: `/api/directory?q=${encodeURIComponent(q)}`, headers: { cookie } })
  expect(response.statusCode).toBe(200)
  expect(response.body).not.toMatch(/@/)
  return (response.json() as { results: DirectoryResult[] }).results
}

const searcher = await insertSignedInPerson(app, db, { name: 'Zelda Searcher' })
const marge = await insertPerson(db, { name: 'Marguerite Duras', email: 'marguerite@example.test', findableByEmail: true })
const omar = await insertPerson(db, { name: 'Omar Khayyam', email: 'omar.k@example.test' })
await insertPerson(db, { name: 'Margaret Unconfirmed', email: 'margaret@example.test', verified: false })

describe('GET /api/directory', () => {
  it('matches names case-insensitively anywhere in the name, with only id, name and picture', async () => {
    const results = await search(searcher.cookie, 'GUERI')
    expect(results).toEqual([{ id: marge.id, name: 'Marguerite Duras', profile_picture_url: null }])
    expect((await search(searcher.cookie, 'khay')).map((r) => r.id)).toEqual([omar.id])
  })

  it('leaves out the searcher and people who never confirmed their address', async () => {
    expect(await search(searcher.cookie, 'Zelda')).toEqual([])
    expect((await search(searcher.cookie, 'marg')).map((r) => r.name)).toEqual(['Marguerite Duras'])
  })

  it('lists a person from the moment they confirm their address, and not once the confirmation is taken back', async () => {
    const late = await insertPerson(db, { name: 'Quillon Lateconfirm', email: 'quillon@example.test', verified: false })
    expect(await search(searcher.cookie, 'quillon')).toEqual([])
    // better-auth writes email_verified when the link is followed; the profile's copy follows (decision 109)
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, late.id))
    expect((await search(searcher.cookie, 'quillon')).map((r) => r.id)).toEqual([late.id])
    await db.update(user).set({ emailVerified: false }).where(eq(user.id, late.id))
    expect(await search(searcher.cookie, 'quillon')).toEqual([])
    // the copy is the account's flag whatever the profile's insert says
    const [row] = await db.select({ listed: profiles.listed }).from(profiles).where(eq(profiles.id, late.id))
    expect(row?.listed).toBe(false)
  })

  it('finds a common text among thousands of names, and a rare one, in name order', async () => {
    const finder = await insertSignedInPerson(app, db, { name: 'Finder' })
    // 3,000 names, one in three holding 'vorn' (a walk of the name order finds 20 at once), and three holding
    // 'yxq' at the end of the order (the trigram index finds them)
    const crowd = Array.from({ length: 3000 }, (_, i) => {
      const n = String(i).padStart(4, '0')
      return { id: randomUUID(), name: i >= 2997 ? `Crowd ${n} Yxq` : i % 3 === 0 ? `Crowd ${n} Vorn` : `Crowd ${n}` }
    })
    await db.insert(user).values(crowd.map((p) => ({ ...p, email: `${p.id}@example.test`, emailVerified: p.name !== 'Crowd 0000 Vorn' })))
    await db.insert(profiles).values(crowd.map((p) => ({ ...p, fullName: p.name, onboardingCompleted: true })))
    const vorn = crowd.filter((p) => p.name.endsWith('Vorn') && p.name !== 'Crowd 0000 Vorn').map((p) => p.name)
    expect((await search(finder.cookie, 'vorn')).map((r) => r.name)).toEqual(vorn.slice(0, 20))
    expect((await search(finder.cookie, 'yxq')).map((r) => r.name)).toEqual(['Crowd 2997 Yxq', 'Crowd 2998 Yxq', 'Crowd 2999 Yxq'])
  })

  it('matches an e-mail query only against the exact address, in any case', async () => {
    expect((await search(searcher.cookie, 'MARGUERITE@example.test')).map((r) => r.id)).toEqual([marge.id])
    expect(await search(searcher.cookie, 'marguerite@example.tes')).toEqual([])
    expect(await search(searcher.cookie, 'arguerite@example.test')).toEqual([])
    expect(await search(searcher.cookie, 'example.test')).toEqual([])
  })

  it('finds by e-mail only people who chose to be found that way, and they can change their mind', async () => {
    // Omar has an account but did not opt in: his address answers exactly like an unknown one.
    expect(await search(searcher.cookie, 'omar.k@example.test')).toEqual([])
    expect(await search(searcher.cookie, 'nobody@example.test')).toEqual([])
    const omarCookie = await signIn(app, omar)
    const patch = (findable: boolean) =>
      app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { cookie: omarCookie, origin: TEST_ORIGIN },
        payload: { findable_by_email: findable },
      })
    const on = await patch(true)
    expect(on.statusCode).toBe(200)
    expect(on.json()).toMatchObject({ findable_by_email: true })
    expect((await search(searcher.cookie, 'omar.k@example.test')).map((r) => r.id)).toEqual([omar.id])
    expect((await patch(false)).json()).toMatchObject({ findable_by_email: false })
    expect(await search(searcher.cookie, 'omar.k@example.test')).toEqual([])
    // still found by name
    expect((await search(searcher.cookie, 'omar')).map((r) => r.id)).toEqual([omar.id])
  })

  it('lists the exact name first, then names that start with the text, then names that hold it, each by name', async () => {
    const ranker = await insertSignedInPerson(app, db, { name: 'Ranker' })
    // inserted out of order, so that the order found is the search's and not the table's
    const holding = Array.from({ length: 22 }, (_, i) => `Zz Wren ${String(22 - i).padStart(2, '0')}`)
    const listed = [...holding, 'wren abbot', 'Wrenna Cole', 'Wren Zed', 'Wren'].map((name) => ({ id: randomUUID(), name }))
    // the directory reads names and confirmation only: no password needed, so no hashing for 26 people
    const unconfirmed = { id: randomUUID(), name: 'Wren Unconfirmed' }
    await db
      .insert(user)
      .values([
        ...listed.map((p) => ({ ...p, email: `${p.id}@example.test`, emailVerified: true })),
        { ...unconfirmed, email: `${unconfirmed.id}@example.test`, emailVerified: false },
      ])
    await db.insert(profiles).values([...listed, unconfirmed].map((p) => ({ ...p, fullName: p.name, onboardingCompleted: true })))
    const names = (await search(ranker.cookie, 'WREN')).map((r) => r.name)
    expect(names).toEqual(['Wren', 'Wren Zed', 'Wrenna Cole', 'wren abbot', ...holding.toReversed().slice(0, 16)])
    // a rarer text that only some names hold
    expect((await search(ranker.cookie, 'n 2')).map((r) => r.name)).toEqual(['Zz Wren 20', 'Zz Wren 21', 'Zz Wren 22'])
  })

  it('treats LIKE wildcards as plain text and lists nobody for an empty query', async () => {
    expect(await search(searcher.cookie, '%')).toEqual([])
    expect(await search(searcher.cookie, '_')).toEqual([])
    expect(await search(searcher.cookie, '   ')).toEqual([])
  })

  it('refuses an anonymous caller and a query that is too long', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/directory?q=marg' })).statusCode).toBe(401)
    const long = await app.inject({ method: 'GET', url: `/api/directory?q=${'a'.repeat(101)}`, headers: { cookie: searcher.cookie } })
    expect(long.statusCode).toBe(400)
  })

  it('answers 429 once a person searches more than the limit allows', async () => {
    const busy = await insertSignedInPerson(app, db)
    for (let i = 0; i < DIRECTORY_RATE_LIMIT.max; i++) await search(busy.cookie, `x${i}`)
    const limited = await app.inject({ method: 'GET', url: '/api/directory?q=marg', headers: { cookie: busy.cookie } })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } })
    // another person is not affected
    expect(await search(searcher.cookie, 'omar')).toHaveLength(1)
  })
})
