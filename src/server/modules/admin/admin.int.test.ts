import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_DISABLED, ADMIN_TEXTS, AUDIT_KEPT_DAYS, INVITATION_REQUIRED, type AdminOverview } from '#shared/admin.ts'
import { INVITATION_TEXTS } from '#shared/invitations.ts'
import { adminAuditLog, contacts, invitations, profiles, session, user } from '#server/db/schema.ts'
import { cookiesOf, postJson } from '#server/test/auth-helpers.ts'
import { insertPerson, makePerson, setHearthOwner } from '#server/test/data.ts'
import { insertSignedInPerson } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'
import { markDisabled, resolveOwnerId, storeSignUpMode } from './admin.queries.ts'

const { app, db, smtp } = await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-admin-'), RATE_LIMIT_ENABLED: 'false' })
const api = apiClient(app)

const signUp = (payload: Record<string, unknown>) => postJson(app, '/api/auth/sign-up/email', payload)
/** A row of the log written by `actor` at `at`; answers its id. */
async function insertAuditAt(actor: { id: string; name: string }, at: Date) {
  const [row] = await db
    .insert(adminAuditLog)
    .values({ actorId: actor.id, actorName: actor.name, action: 'sign_up_mode.changed', detail: 'open', createdAt: at })
    .returning({ id: adminAuditLog.id })
  if (!row) throw new Error('no audit row')
  return row.id
}

/** A fresh session for someone whose sessions the owner ended. */
const signInAgain = async (person: { email: string; password: string }) =>
  cookiesOf(await postJson(app, '/api/auth/sign-in/email', { email: person.email, password: person.password }))

const overviewOf = async (cookie: string) => {
  const response = await api.get('/api/admin', cookie)
  expect(response.statusCode).toBe(200)
  return response.json() as AdminOverview
}

/** A pending invitation of the inviter's, written as the invitations module writes one; answers its token and address. */
async function insertInvitationWithAddress(inviterId: string, kind: 'link' | 'email', expiresAt = new Date(Date.now() + 86_400_000)) {
  const token = randomBytes(32).toString('base64url')
  const email = kind === 'email' ? `invited-${randomBytes(4).toString('hex')}@example.test` : null
  await db.insert(invitations).values({
    inviterUserId: inviterId,
    kind,
    email,
    recipientName: 'Friend',
    tokenHash: createHash('sha256').update(token).digest('hex'),
    expiresAt,
  })
  return { token, email: email ?? '' }
}
const insertInvitation = async (inviterId: string, kind: 'link' | 'email', expiresAt?: Date) =>
  (await insertInvitationWithAddress(inviterId, kind, expiresAt)).token
const madeWith = async (email: string) => (await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()))).length

// The file's first test runs on the empty database: the first account of a fresh server.
describe('who may join', () => {
  it('lets the first account of a fresh server be made even by invitation only, and makes it the owner', async () => {
    await storeSignUpMode(db, 'invitation')
    expect((await api.get('/api/config')).json()).toMatchObject({ signUpMode: 'open' })
    const first = makePerson()
    expect((await signUp(first)).statusCode).toBe(200)
    await db.update(user).set({ emailVerified: true }).where(eq(user.email, first.email))
    const signIn = await postJson(app, '/api/auth/sign-in/email', { email: first.email, password: first.password })
    expect((await api.get('/api/me/role', cookiesOf(signIn))).json()).toEqual({ owner: true, next_owner_name: null })
    // with one account, the landing says so and a sign-up without an invitation is refused plainly
    expect((await api.get('/api/config')).json()).toMatchObject({ signUpMode: 'invitation' })
    const refused = await signUp(makePerson())
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: INVITATION_REQUIRED, message: ADMIN_TEXTS.invitationRequired })
  })

  it('takes a sign-up by invitation only with a pending, unexpired invitation token', async () => {
    await storeSignUpMode(db, 'invitation')
    const inviter = await insertPerson(db)
    const forged = await signUp({ ...makePerson(), inviteToken: randomBytes(32).toString('base64url') })
    expect(forged.statusCode).toBe(403)
    const expired = await signUp({ ...makePerson(), inviteToken: await insertInvitation(inviter.id, 'link', new Date(Date.now() - 1000)) })
    expect(expired.statusCode).toBe(403)
    const bad = await signUp({ ...makePerson(), inviteToken: '../../x' })
    expect(bad.statusCode).toBe(403)

    const byLink = makePerson()
    expect((await signUp({ ...byLink, inviteToken: await insertInvitation(inviter.id, 'link') })).statusCode).toBe(200)
    const mailed = await insertInvitationWithAddress(inviter.id, 'email')
    const byMail = makePerson({ email: mailed.email })
    expect((await signUp({ ...byMail, inviteToken: mailed.token })).statusCode).toBe(200)
    const made = await db.select({ email: user.email }).from(user)
    expect(made.map((row) => row.email)).toEqual(expect.arrayContaining([byLink.email, byMail.email]))
  })

  it("takes an e-mail invitation's token only with its own address, in any case (decision 193)", async () => {
    await storeSignUpMode(db, 'invitation')
    const inviter = await insertPerson(db)
    const mailed = await insertInvitationWithAddress(inviter.id, 'email')
    const other = makePerson()
    const refused = await signUp({ ...other, inviteToken: mailed.token })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: INVITATION_REQUIRED })
    expect(await madeWith(other.email)).toBe(0)
    expect((await signUp({ ...makePerson({ email: mailed.email.toUpperCase() }), inviteToken: mailed.token })).statusCode).toBe(200)
    expect(await madeWith(mailed.email)).toBe(1)
  })

  it("makes one account of a link invitation's token, which only that account may accept; others find it used", async () => {
    await storeSignUpMode(db, 'invitation')
    const inviter = await insertPerson(db, { name: 'Ivy Linker' })
    const token = await insertInvitation(inviter.id, 'link')
    const first = makePerson()
    expect((await signUp({ ...first, inviteToken: token })).statusCode).toBe(200)
    for (const later of [makePerson(), makePerson()]) {
      const refused = await signUp({ ...later, inviteToken: token })
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toMatchObject({ code: INVITATION_REQUIRED, message: ADMIN_TEXTS.invitationRequired })
      expect(await madeWith(later.email)).toBe(0)
    }
    // a person who already had an account cannot take it either
    const stranger = await insertSignedInPerson(app, db)
    const taken = await api.post('/api/invitations/accept', stranger.cookie, { token })
    expect(taken.statusCode).toBe(410)
    expect(taken.json()).toMatchObject({ error: { message: INVITATION_TEXTS.used } })
    // the account it made accepts it, once confirmed and signed in
    await db.update(user).set({ emailVerified: true }).where(eq(user.email, first.email))
    const cookie = cookiesOf(await postJson(app, '/api/auth/sign-in/email', { email: first.email, password: first.password }))
    const accepted = await api.post('/api/invitations/accept', cookie, { token })
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toMatchObject({ inviter_name: 'Ivy Linker' })
  })

  it('claims a link in the open mode too, without refusing anyone', async () => {
    await storeSignUpMode(db, 'open')
    const inviter = await insertPerson(db)
    const token = await insertInvitation(inviter.id, 'link')
    const [first, second] = [makePerson(), makePerson()]
    expect((await signUp({ ...first, inviteToken: token })).statusCode).toBe(200)
    expect((await signUp({ ...second, inviteToken: token })).statusCode).toBe(200)
    const [row] = await db.select({ claimed: invitations.claimedEmail }).from(invitations).where(eq(invitations.inviterUserId, inviter.id))
    expect(row?.claimed).toBe(first.email.toLowerCase())
  })

  it('makes exactly one account of two sign-ups with one link token at the same moment', async () => {
    await storeSignUpMode(db, 'invitation')
    const inviter = await insertPerson(db)
    const token = await insertInvitation(inviter.id, 'link')
    const people = [makePerson(), makePerson()]
    const answers = await Promise.all(people.map((person) => signUp({ ...person, inviteToken: token })))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403])
    expect((await Promise.all(people.map((person) => madeWith(person.email)))).reduce((a, b) => a + b)).toBe(1)
  })

  it('admits nobody with the invitation of a disabled or deleted inviter, and connects nobody to a disabled one', async () => {
    await storeSignUpMode(db, 'invitation')
    const inviter = await insertPerson(db)
    const link = await insertInvitation(inviter.id, 'link')
    const mailed = await insertInvitationWithAddress(inviter.id, 'email')
    const forAccept = await insertInvitation(inviter.id, 'link')
    // disabled as the owner's Disable does (the action itself is tested below)
    await markDisabled(db, inviter.id)

    const byLink = makePerson()
    expect((await signUp({ ...byLink, inviteToken: link })).statusCode).toBe(403)
    expect((await signUp({ ...makePerson({ email: mailed.email }), inviteToken: mailed.token })).statusCode).toBe(403)
    expect(await madeWith(byLink.email)).toBe(0)
    expect(await madeWith(mailed.email)).toBe(0)
    // the invitation is as if it did not exist: no page, no connection
    const someone = await insertSignedInPerson(app, db)
    expect((await postJson(app, '/api/invitations/preview', { token: forAccept })).statusCode).toBe(404)
    const accepting = await api.post('/api/invitations/accept', someone.cookie, { token: forAccept })
    expect(accepting.statusCode).toBe(404)
    expect(await db.select().from(contacts).where(eq(contacts.userId, someone.id))).toEqual([])

    // a deleted inviter's invitations went with the account
    const gone = await insertPerson(db)
    const goneLink = await insertInvitation(gone.id, 'link')
    await db.delete(user).where(eq(user.id, gone.id))
    expect((await signUp({ ...makePerson(), inviteToken: goneLink })).statusCode).toBe(403)
  })

  it('takes any sign-up while open', async () => {
    await storeSignUpMode(db, 'open')
    expect((await api.get('/api/config')).json()).toMatchObject({ signUpMode: 'open' })
    expect((await signUp(makePerson())).statusCode).toBe(200)
  })
})

describe("the owner's care of the accounts", () => {
  const setUp = async () => {
    const owner = await insertSignedInPerson(app, db, { name: 'Olive Owner' })
    await setHearthOwner(db, owner.id)
    const member = await insertSignedInPerson(app, db)
    return { owner, member }
  }

  it('answers 403 to anyone but the owner on every admin route, and tells each their role', async () => {
    const { owner, member } = await setUp()
    const calls = [
      () => api.get('/api/admin', member.cookie),
      () => api.put('/api/admin/sign-up-mode', member.cookie, { mode: 'open' }),
      () => api.post(`/api/admin/accounts/${owner.id}/disable`, member.cookie),
      () => api.post(`/api/admin/accounts/${owner.id}/enable`, member.cookie),
      () => api.delete(`/api/admin/accounts/${owner.id}`, member.cookie),
      () => api.post(`/api/admin/accounts/${owner.id}/resend-confirmation`, member.cookie),
    ]
    for (const call of calls) {
      const response = await call()
      expect(response.statusCode).toBe(403)
      expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: ADMIN_TEXTS.notOwner } })
    }
    expect((await api.get('/api/me/role', member.cookie)).json()).toEqual({ owner: false, next_owner_name: null })
    expect((await api.get('/api/me/role', owner.cookie)).json()).toMatchObject({ owner: true, next_owner_name: expect.any(String) })
    expect((await api.get('/api/admin', owner.cookie)).statusCode).toBe(200)
  })

  it('lists the accounts and switches the sign-up mode, writing the log', async () => {
    const { owner, member } = await setUp()
    const unconfirmed = await insertPerson(db, { verified: false })
    expect((await api.put('/api/admin/sign-up-mode', owner.cookie, { mode: 'invitation' })).statusCode).toBe(204)
    expect((await api.put('/api/admin/sign-up-mode', owner.cookie, { mode: 'sideways' })).statusCode).toBe(400)
    const overview = await overviewOf(owner.cookie)
    expect(overview.sign_up).toEqual({ mode: 'invitation', pinned: false })
    expect(overview.accounts.find((row) => row.id === owner.id)).toMatchObject({ owner: true, confirmed: true, disabled: false })
    expect(overview.accounts.find((row) => row.id === member.id)).toMatchObject({ owner: false, email: member.email })
    expect(overview.accounts.find((row) => row.id === unconfirmed.id)).toMatchObject({ confirmed: false })
    expect(overview.audit[0]).toMatchObject({ actor_name: 'Olive Owner', action: 'sign_up_mode.changed', detail: 'invitation' })
    expect((await signUp(makePerson())).statusCode).toBe(403)
    expect((await api.put('/api/admin/sign-up-mode', owner.cookie, { mode: 'open' })).statusCode).toBe(204)
    expect((await signUp(makePerson())).statusCode).toBe(200)
  })

  it('disables an account: its sessions end, it cannot sign in, it keeps its data; enabling lets it back in', async () => {
    const { owner, member } = await setUp()
    expect((await api.post(`/api/admin/accounts/${member.id}/disable`, owner.cookie)).statusCode).toBe(204)
    expect(await db.select().from(session).where(eq(session.userId, member.id))).toEqual([])
    expect((await api.get('/api/profile', member.cookie)).statusCode).toBe(401)
    const refused = await postJson(app, '/api/auth/sign-in/email', { email: member.email, password: member.password })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: ACCOUNT_DISABLED, message: ADMIN_TEXTS.accountDisabled })
    expect((await overviewOf(owner.cookie)).accounts.find((row) => row.id === member.id)).toMatchObject({ disabled: true })
    expect(await db.select().from(profiles).where(eq(profiles.id, member.id))).toHaveLength(1)

    expect((await api.post(`/api/admin/accounts/${member.id}/enable`, owner.cookie)).statusCode).toBe(204)
    const back = await postJson(app, '/api/auth/sign-in/email', { email: member.email, password: member.password })
    expect(back.statusCode).toBe(200)
    const audit = (await overviewOf(owner.cookie)).audit.filter((row) => row.target_name === member.name).map((row) => row.action)
    expect(audit).toEqual(['account.enabled', 'account.disabled'])
  })

  it('deletes an account through the account deletion, and logs it under the name it had', async () => {
    const { owner, member } = await setUp()
    expect((await api.delete(`/api/admin/accounts/${member.id}`, owner.cookie)).statusCode).toBe(204)
    expect(await db.select().from(user).where(eq(user.id, member.id))).toEqual([])
    expect((await api.delete(`/api/admin/accounts/${member.id}`, owner.cookie)).statusCode).toBe(404)
    // the row keeps the name the person had, and not their id (decision 201)
    expect(await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, member.id))).toEqual([])
    const [row] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetName, member.name))
    expect(row).toMatchObject({ actorId: owner.id, action: 'account.deleted', targetId: null })
  })

  it("clears a deleted person's id from the log, as actor and as target, and keeps their name", async () => {
    const { owner, member } = await setUp()
    expect((await api.post(`/api/admin/accounts/${member.id}/disable`, owner.cookie)).statusCode).toBe(204)
    expect((await api.post(`/api/admin/accounts/${member.id}/enable`, owner.cookie)).statusCode).toBe(204)
    const member2 = await signInAgain(member)
    expect((await api.call('DELETE', '/api/account', member2, { confirmation: 'DELETE' })).statusCode).toBe(204)
    const asTarget = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetName, member.name))
    expect(asTarget.map((row) => [row.action, row.targetId, row.actorId])).toEqual(
      expect.arrayContaining([
        ['account.disabled', null, owner.id],
        ['account.enabled', null, owner.id],
      ]),
    )
    const byOwner = (await db.select().from(adminAuditLog).where(eq(adminAuditLog.actorId, owner.id))).map((row) => row.id)
    expect(byOwner.length).toBeGreaterThanOrEqual(2)
    expect((await api.call('DELETE', '/api/account', owner.cookie, { confirmation: 'DELETE' })).statusCode).toBe(204)
    const after = await db.select().from(adminAuditLog).where(inArray(adminAuditLog.id, byOwner))
    expect(after.map((row) => [row.actorId, row.actorName])).toEqual(byOwner.map(() => [null, 'Olive Owner']))
  })

  it('deletes the log rows older than a year through the scheduled sweep, and keeps the younger ones', async () => {
    const { owner } = await setUp()
    const day = 86_400_000
    const old = await insertAuditAt(owner, new Date(Date.now() - (AUDIT_KEPT_DAYS + 1) * day))
    const young = await insertAuditAt(owner, new Date(Date.now() - (AUDIT_KEPT_DAYS - 1) * day))
    await app.jobs.enqueue(null, 'sweep-audit-log', {})
    await expect
      .poll(async () => (await db.select().from(adminAuditLog).where(eq(adminAuditLog.id, old))).length, { timeout: 15_000 })
      .toBe(0)
    expect(await db.select().from(adminAuditLog).where(eq(adminAuditLog.id, young))).toHaveLength(1)
  })

  it('resends a confirmation to an unconfirmed account, once a minute, and never to a confirmed one', async () => {
    const { owner, member } = await setUp()
    const unconfirmed = await insertPerson(db, { verified: false })
    expect((await api.post(`/api/admin/accounts/${unconfirmed.id}/resend-confirmation`, owner.cookie)).statusCode).toBe(204)
    await smtp.waitForMail(unconfirmed.email, /confirm/i)
    const again = await api.post(`/api/admin/accounts/${unconfirmed.id}/resend-confirmation`, owner.cookie)
    expect(again.statusCode).toBe(429)
    expect(again.json()).toMatchObject({ error: { message: ADMIN_TEXTS.resendTooSoon } })
    const confirmed = await api.post(`/api/admin/accounts/${member.id}/resend-confirmation`, owner.cookie)
    expect(confirmed.statusCode).toBe(409)
  })

  it("refuses the owner's actions on their own account, and unknown ids", async () => {
    const { owner } = await setUp()
    for (const response of [
      await api.post(`/api/admin/accounts/${owner.id}/disable`, owner.cookie),
      await api.delete(`/api/admin/accounts/${owner.id}`, owner.cookie),
    ]) {
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ error: { message: ADMIN_TEXTS.notYourself } })
    }
    expect((await api.post('/api/admin/accounts/no-such-id/disable', owner.cookie)).statusCode).toBe(404)
    expect(await db.select().from(user).where(eq(user.id, owner.id))).toHaveLength(1)
  })

  it('passes the ownership to the oldest confirmed, enabled account, skipping disabled and unconfirmed ones, and says who first', async () => {
    const { owner } = await setUp()
    // older than every other account of this file's database
    const at = (day: number) => new Date(Date.UTC(2001, 0, day))
    const disabled = await insertPerson(db)
    const unconfirmed = await insertPerson(db, { verified: false })
    const next = await insertPerson(db, { name: 'Nell Next' })
    for (const [person, day] of [
      [owner, 1],
      [disabled, 2],
      [unconfirmed, 3],
      [next, 4],
    ] as const) {
      await db
        .update(user)
        .set({ createdAt: at(day) })
        .where(eq(user.id, person.id))
    }
    expect((await api.post(`/api/admin/accounts/${disabled.id}/disable`, owner.cookie)).statusCode).toBe(204)
    expect((await api.get('/api/me/role', owner.cookie)).json()).toEqual({ owner: true, next_owner_name: 'Nell Next' })

    expect((await api.delete('/api/account', owner.cookie, { headers: { 'content-type': 'application/json' } })).statusCode).toBe(400)
    expect((await api.call('DELETE', '/api/account', owner.cookie, { confirmation: 'DELETE' })).statusCode).toBe(204)
    expect(await resolveOwnerId(db)).toBe(next.id)
    expect((await api.get('/api/me/role', (await insertSignedInPerson(app, db)).cookie)).json()).toEqual({
      owner: false,
      next_owner_name: null,
    })
  })
})

describe('a Hearth whose owner leaves no confirmed, enabled account', async () => {
  const lone = await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-admin-lone-'), RATE_LIMIT_ENABLED: 'false' })
  const loneApi = apiClient(lone.app)

  it('goes to the oldest enabled account, else to nobody until an account that can look after it exists', async () => {
    const owner = await insertSignedInPerson(lone.app, lone.db)
    await setHearthOwner(lone.db, owner.id)
    const disabled = await insertPerson(lone.db)
    const unconfirmed = await insertPerson(lone.db, { verified: false, name: 'Uma Unconfirmed' })
    expect((await loneApi.post(`/api/admin/accounts/${disabled.id}/disable`, owner.cookie)).statusCode).toBe(204)
    expect((await loneApi.get('/api/me/role', owner.cookie)).json()).toEqual({ owner: true, next_owner_name: 'Uma Unconfirmed' })

    // the unconfirmed one goes too: only the disabled account is left, and nobody owns the Hearth
    expect((await loneApi.post(`/api/admin/accounts/${unconfirmed.id}/disable`, owner.cookie)).statusCode).toBe(204)
    expect((await loneApi.get('/api/me/role', owner.cookie)).json()).toEqual({ owner: true, next_owner_name: null })
    expect((await loneApi.call('DELETE', '/api/account', owner.cookie, { confirmation: 'DELETE' })).statusCode).toBe(204)
    expect(await resolveOwnerId(lone.db)).toBeNull()

    // the first account that can look after it becomes the owner
    const newcomer = await insertSignedInPerson(lone.app, lone.db)
    expect((await loneApi.get('/api/me/role', newcomer.cookie)).json()).toEqual({ owner: true, next_owner_name: null })
    expect(await resolveOwnerId(lone.db)).toBe(newcomer.id)
  })
})

describe('the first account of a Hearth by invitation only', async () => {
  const fresh = await createTestApp({
    DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-admin-first-'),
    SIGNUP_MODE: 'invitation',
    RATE_LIMIT_ENABLED: 'false',
  })
  const address = await fresh.app.listen({ port: 0, host: '127.0.0.1' })

  it('is made once: of six sign-ups at the same moment over HTTP, one succeeds and five get the usual 403', async () => {
    const people = Array.from({ length: 6 }, () => makePerson())
    const answers = await Promise.all(
      people.map(async (person) => {
        const response = await fetch(`${address}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify(person),
        })
        return { status: response.status, body: (await response.json()) as unknown }
      }),
    )
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    const refused = answers.filter((answer) => answer.status !== 200)
    expect(refused).toHaveLength(5)
    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 403, body: { code: INVITATION_REQUIRED, message: ADMIN_TEXTS.invitationRequired } })
    }
    expect(await fresh.db.select({ id: user.id }).from(user)).toHaveLength(1)
  })
})

describe('a mode pinned by SIGNUP_MODE', async () => {
  const pinned = await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-admin-pinned-'), SIGNUP_MODE: 'invitation' })
  const pinnedApi = apiClient(pinned.app)

  it('wins over the stored choice, and the owner cannot switch it in the app', async () => {
    const owner = await insertSignedInPerson(pinned.app, pinned.db)
    await setHearthOwner(pinned.db, owner.id)
    await storeSignUpMode(pinned.db, 'open')
    expect((await pinnedApi.get('/api/config')).json()).toMatchObject({ signUpMode: 'invitation' })
    const refused = await pinnedApi.put('/api/admin/sign-up-mode', owner.cookie, { mode: 'open' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ error: { message: ADMIN_TEXTS.signUpPinnedRefused } })
    expect((await pinnedApi.get('/api/admin', owner.cookie)).json()).toMatchObject({ sign_up: { mode: 'invitation', pinned: true } })
  })
})
