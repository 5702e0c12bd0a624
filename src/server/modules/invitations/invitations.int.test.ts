import fs from 'node:fs/promises'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { INVITATION_TEXTS, inviteCardFor, type Invitation, type InvitationPreview } from '#shared/invitations.ts'
import { MAX_ACTIVE_CONTACTS } from '#shared/limits.ts'
import type { Transcript } from '#server/speech/engine.ts'
import { audioUploads, contacts, invitations, profiles, user } from '#server/db/schema.ts'
import { insertContact } from '#server/modules/contacts/contacts.queries.ts'
import { cookiesOf, makeClientAddress, postJson } from '#server/test/auth-helpers.ts'
import { insertConnectedPair, insertPerson, makePerson, type TestPerson } from '#server/test/data.ts'
import { insertSignedInPerson } from '#server/test/people.ts'
import { firstLink } from '#server/test/smtp-capture.ts'
import { listenToRealtime } from '#server/test/realtime-listener.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'
import { uploadRecording } from '#server/test/uploads.ts'
import { EXPIRE_INVITATIONS_CRON } from './invitations.jobs.ts'
import { INVITE_LOOKUP_LIMIT, INVITE_SEND_LIMIT } from './invitations.service.ts'

/** The served page: the app's index.html, into which /invite writes its link-preview tags. */
const webDir = await fs.mkdtemp('/tmp/hearth-int-invite-web-')
await fs.copyFile(new URL('../../../web/index.html', import.meta.url), `${webDir}/index.html`)

/** What the speech engine double hears next: words without confidences (as whisper gives them) unless a test says. */
const COME_AND_JOIN: Transcript = { text: 'come and join me', words: [], language: 'en' }
let engineHears = COME_AND_JOIN
/** Words as the basic offline engine guesses at a muffled take, and the same said clearly (decision 210). */
const wordsAt = (text: string, confidence: number) =>
  text.split(' ').map((word, i) => ({ word, start: i * 0.4, end: i * 0.4 + 0.3, confidence }))
const UNSURE_WORDS = 'do you really we you look awfully'
const SURE_WORDS = 'hey I really miss you come and join'

/** A speech engine double: the personal message's words, as the real jobs would produce them. */
const { app, db, smtp, databaseUrl } = await createTestApp(
  {},
  {
    webDir,
    speech: {
      choice: {
        name: 'pocketsphinx',
        reason: 'test double',
        engine: { name: 'test', transcribe: async (): Promise<Transcript> => engineHears },
      },
    },
  },
)

// every NOTIFY the services publish, as each server instance's hub hears it
const { heard, close: stopListening } = await listenToRealtime(databaseUrl)
afterAll(stopListening)

type Method = 'GET' | 'POST' | 'DELETE'
const call = (method: Method, url: string, cookie?: string, payload?: unknown, remoteAddress = makeClientAddress()) =>
  app.inject({
    method,
    url,
    remoteAddress,
    ...(payload !== undefined ? { payload: payload as object } : {}),
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  })

const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? ''

async function sendEmailInvite(inviter: { cookie: string }, email: string, note?: string) {
  const upload_id = await uploadRecording(app, inviter.cookie)
  return call('POST', '/api/invitations/email', inviter.cookie, { email, upload_id, ...(note ? { note } : {}) })
}

async function createLink(inviter: { cookie: string }, recipient_name = 'Bob') {
  const upload_id = await uploadRecording(app, inviter.cookie)
  const response = await call('POST', '/api/invitations/link', inviter.cookie, { recipient_name, upload_id })
  expect(response.statusCode).toBe(201)
  const body = response.json() as { invitation: Invitation; share_url: string }
  return { ...body, token: tokenOf(body.share_url) }
}

const preview = (token: string, remoteAddress?: string) => call('POST', '/api/invitations/preview', undefined, { token }, remoteAddress)
const accept = (cookie: string, token: string) => call('POST', '/api/invitations/accept', cookie, { token })
const listOf = async (cookie: string) =>
  ((await call('GET', '/api/invitations', cookie)).json() as { invitations: Invitation[] }).invitations

/** Gives `ownerId` `count` active contacts, written straight to the database. */
async function fillCircle(ownerId: string, count: number) {
  for (let i = 0; i < count; i++) {
    const other = await insertPerson(db)
    await insertContact(db, { ownerId, contactUserId: other.id, name: other.name, displayOrder: i + 1, archivedAt: null, chosen: true })
  }
}

describe('e-mail invitations', () => {
  it('sends a real mail (HTML and text) naming the inviter, quoting the note, linking to /invite with a 256-bit token', async () => {
    const ada = await insertSignedInPerson(app, db, { name: 'Ada Lovelace' })
    const response = await sendEmailInvite(ada, 'Bob.Friend@Example.test', 'Miss you <3')
    expect(response.statusCode).toBe(201)
    const { invitation } = response.json() as { invitation: Invitation }
    expect(invitation).toMatchObject({ kind: 'email', email: 'bob.friend@example.test', status: 'pending', has_message: true })
    const days = (Date.parse(invitation.expires_at) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)

    const mail = await smtp.waitForMail('bob.friend@example.test', /Ada Lovelace invited you/)
    expect(mail.text).toContain('"Miss you <3"')
    expect(mail.html).toContain('Miss you &lt;3')
    const link = firstLink(mail.text)
    expect(link.startsWith(`${TEST_ORIGIN}/invite?token=`)).toBe(true)
    const token = tokenOf(link)
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16)

    // stored hashed: the token itself is nowhere in the row
    const [row] = await db.select().from(invitations).where(eq(invitations.id, invitation.id))
    expect(JSON.stringify(row)).not.toContain(token)
    // the upload was consumed, its audio now belongs to the invitation
    expect(await db.select().from(audioUploads).where(eq(audioUploads.userId, ada.id))).toHaveLength(0)
  })

  it('refuses a blank or malformed address and a missing recording with clear 4xx answers', async () => {
    const ada = await insertSignedInPerson(app, db)
    const upload_id = await uploadRecording(app, ada.cookie)
    const blank = await call('POST', '/api/invitations/email', ada.cookie, { email: '  ', upload_id })
    expect(blank.statusCode).toBe(400)
    expect(blank.json()).toMatchObject({ error: { message: expect.stringContaining('valid e-mail') } })
    const noUpload = await call('POST', '/api/invitations/email', ada.cookie, { email: 'x@example.test', upload_id: crypto.randomUUID() })
    expect(noUpload.statusCode).toBe(404)
    expect(noUpload.json()).toMatchObject({ error: { message: INVITATION_TEXTS.uploadNotFound } })
    const someoneElses = await insertSignedInPerson(app, db)
    const stolen = await call('POST', '/api/invitations/email', someoneElses.cookie, { email: 'x@example.test', upload_id })
    expect(stolen.statusCode).toBe(404)
    expect((await call('POST', '/api/invitations/email', undefined, { email: 'x@example.test', upload_id })).statusCode).toBe(401)
  })

  it("onboarding's invitations carry the welcome message by reference, or no recording when there is none", async () => {
    const ada = await insertSignedInPerson(app, db, { name: 'Ada Onboarding' })
    const neither = await call('POST', '/api/invitations/email', ada.cookie, { email: 'n@example.test' })
    expect(neither.statusCode).toBe(400)
    expect(neither.json()).toMatchObject({ error: { message: expect.stringContaining(INVITATION_TEXTS.uploadNotFound) } })

    const bare = await call('POST', '/api/invitations/email', ada.cookie, { email: 'first@example.test', use_welcome_message: true })
    expect(bare.statusCode).toBe(201)
    const bareMail = await smtp.waitForMail('first@example.test', /invited you/)
    expect(bareMail.text).toContain('would like you in their circle')
    const barePreview = (await preview(tokenOf(firstLink(bareMail.text)))).json() as InvitationPreview
    expect(barePreview).toMatchObject({ personal_message_signed_url: null, transcript: null, transcription_status: null })

    await db
      .update(profiles)
      .set({ welcomeAudioKey: `${ada.id}/welcome.webm`, welcomeTranscript: 'hello from ada', welcomeTranscriptStatus: 'completed' })
      .where(eq(profiles.id, ada.id))
    const withWelcome = await call('POST', '/api/invitations/email', ada.cookie, {
      email: 'second@example.test',
      use_welcome_message: true,
    })
    expect(withWelcome.statusCode).toBe(201)
    const mail = await smtp.waitForMail('second@example.test', /invited you/)
    expect(mail.text).toContain('recorded a voice message for you')
    const shown = (await preview(tokenOf(firstLink(mail.text)))).json() as InvitationPreview
    expect(shown.transcript).toBe('hello from ada')
    expect(shown.personal_message_signed_url).toContain(`${ada.id}/welcome.webm?expires=`)
  })

  it('needs fewer than 10 active contacts to invite', async () => {
    const ada = await insertSignedInPerson(app, db)
    await fillCircle(ada.id, MAX_ACTIVE_CONTACTS - 1)
    expect((await createLink(ada)).invitation.status).toBe('pending')
    await fillCircle(ada.id, 1)
    const upload_id = await uploadRecording(app, ada.cookie)
    const refused = await call('POST', '/api/invitations/link', ada.cookie, { recipient_name: 'Cy', upload_id })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ error: { code: 'CIRCLE_FULL', message: INVITATION_TEXTS.inviteCircleFull } })
  })

  it('limits sending per person per day, counted in PostgreSQL', async () => {
    const ada = await insertSignedInPerson(app, db)
    const upload_id = await uploadRecording(app, ada.cookie)
    // the day's counter is the database's: fill it to the limit as earlier sends would have
    await db.execute(sql`insert into rate_counters (key, window_start, count)
      values (${`invite-send:${ada.id}`}, to_timestamp(floor(extract(epoch from now()) / 86400) * 86400), ${INVITE_SEND_LIMIT.max})`)
    const refused = await call('POST', '/api/invitations/link', ada.cookie, { recipient_name: 'Cy', upload_id })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ error: { message: INVITATION_TEXTS.sendLimit } })
    const bob = await insertSignedInPerson(app, db)
    expect((await createLink(bob)).invitation.status).toBe('pending')
  })
})

/** The landing page's answer once the personal message's transcription job is done. */
async function previewTranscribed(token: string): Promise<InvitationPreview> {
  for (let i = 0; i < 50; i++) {
    const response = await preview(token)
    expect(response.statusCode).toBe(200)
    const body = response.json() as InvitationPreview
    if (body.transcription_status === 'completed' || body.transcription_status === 'failed') return body
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('the transcript never came')
}

describe('the landing page (fetch-invitation)', () => {
  it('shows the inviter, a signed URL of the message and its transcript from the transcription jobs, anonymously', async () => {
    const ada = await insertSignedInPerson(app, db, { name: 'Ada' })
    const { token } = await createLink(ada, 'Bob')
    const body = await previewTranscribed(token)
    expect(body).toMatchObject({
      inviter: { name: 'Ada', avatar_url: null },
      invitation: { recipient_name: 'Bob' },
      transcript: 'come and join me',
    })
    const audio = await app.inject({ method: 'GET', url: body?.personal_message_signed_url ?? '' })
    expect(audio.statusCode).toBe(200)
  })

  it("sends a signed-out visitor the personal message's transcript only when the engine was sure of it", async () => {
    const ada = await insertSignedInPerson(app, db, { name: 'Ada Rough' })
    try {
      engineHears = { text: UNSURE_WORDS, words: wordsAt(UNSURE_WORDS, 0.35), language: 'en', confidence: 0.35 }
      const unsure = await createLink(ada, 'Bob')
      expect(await previewTranscribed(unsure.token)).toMatchObject({ transcription_status: 'completed', transcript: null })
      // not kept either: nobody else reads it
      const [row] = await db
        .select({ transcript: invitations.transcript })
        .from(invitations)
        .where(eq(invitations.id, unsure.invitation.id))
      expect(row?.transcript).toBeNull()
      // nor in the page a link preview or a crawler reads
      const page = await app.inject({ method: 'GET', url: `/invite?token=${unsure.token}`, remoteAddress: makeClientAddress() })
      expect(page.body).toContain('Ada Rough invited you to Hearth')
      expect(page.body).not.toContain('awfully')

      engineHears = { text: SURE_WORDS, words: wordsAt(SURE_WORDS, 0.92), language: 'en', confidence: 0.92 }
      const sure = await createLink(ada, 'Cy')
      expect(await previewTranscribed(sure.token)).toMatchObject({ transcription_status: 'completed', transcript: SURE_WORDS })
    } finally {
      engineHears = COME_AND_JOIN
    }
  })

  it("sends the inviter's welcome message's transcript only when the engine was sure of it, as the public profile does", async () => {
    const ada = await insertSignedInPerson(app, db, { name: 'Ada Welcome' })
    const welcomeSaying = async (text: string, confidence: number, email: string) => {
      await db
        .update(profiles)
        .set({
          welcomeAudioKey: `${ada.id}/welcome.webm`,
          welcomeTranscript: text,
          welcomeWordTimestamps: wordsAt(text, confidence),
          welcomeTranscriptStatus: 'completed',
        })
        .where(eq(profiles.id, ada.id))
      expect((await call('POST', '/api/invitations/email', ada.cookie, { email, use_welcome_message: true })).statusCode).toBe(201)
      const token = tokenOf(firstLink((await smtp.waitForMail(email, /invited you/)).text))
      return { shown: (await preview(token)).json() as InvitationPreview, token }
    }
    const unsure = await welcomeSaying(UNSURE_WORDS, 0.4, 'welcome-unsure@example.test')
    expect(unsure.shown).toMatchObject({ transcription_status: 'completed', transcript: null })
    expect(unsure.shown.personal_message_signed_url).toContain(`${ada.id}/welcome.webm?expires=`)
    const page = await app.inject({ method: 'GET', url: `/invite?token=${unsure.token}`, remoteAddress: makeClientAddress() })
    expect(page.body).toContain('Ada Welcome recorded a voice message for you')
    expect(page.body).not.toContain('awfully')

    const sure = await welcomeSaying(SURE_WORDS, 0.9, 'welcome-sure@example.test')
    expect(sure.shown).toMatchObject({ transcription_status: 'completed', transcript: SURE_WORDS })
  })

  it('refuses unknown, malformed, expired and used tokens with the texts the page maps to its cards', async () => {
    expect((await preview('x'.repeat(43))).json()).toMatchObject({ error: { message: INVITATION_TEXTS.notFound } })
    expect(inviteCardFor(INVITATION_TEXTS.notFound)).toBe('unavailable')
    const malformed = await preview('not a token!')
    expect(malformed.statusCode).toBe(400)

    const ada = await insertSignedInPerson(app, db)
    const expired = await createLink(ada)
    await db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, expired.invitation.id))
    const gone = await preview(expired.token)
    expect(gone.statusCode).toBe(410)
    expect(inviteCardFor((gone.json() as { error: { message: string } }).error.message)).toBe('expired')
    // marked on load
    expect((await listOf(ada.cookie)).find((i) => i.id === expired.invitation.id)?.status).toBe('expired')

    const used = await createLink(ada)
    const bob = await insertSignedInPerson(app, db)
    expect((await accept(bob.cookie, used.token)).statusCode).toBe(200)
    const usedAnswer = await preview(used.token)
    expect(usedAnswer.statusCode).toBe(410)
    expect(inviteCardFor((usedAnswer.json() as { error: { message: string } }).error.message)).toBe('used')
  })

  it('limits look-ups per address', async () => {
    const address = makeClientAddress()
    for (let i = 0; i < INVITE_LOOKUP_LIMIT.max; i++) expect((await preview('y'.repeat(43), address)).statusCode).toBe(404)
    const refused = await preview('y'.repeat(43), address)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ error: { message: INVITATION_TEXTS.lookupLimit } })
    expect((await preview('y'.repeat(43))).statusCode).toBe(404)
  })
})

describe('accepting', () => {
  it('connects both people in one go, both chosen (presence), and tells the inviter live', async () => {
    const ada = await insertSignedInPerson(app, db, { name: 'Ada' })
    const bob = await insertSignedInPerson(app, db, { name: 'Bob' })
    const { token, invitation } = await createLink(ada, 'Bob')
    const response = await accept(bob.cookie, token)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ inviter_name: 'Ada', already_connected: false })
    const rows = await db
      .select()
      .from(contacts)
      .where(sql`${contacts.userId} in (${ada.id}, ${bob.id})`)
    expect(rows.map((r) => [r.userId, r.contactUserId, r.chosenAt !== null]).sort()).toEqual(
      [
        [ada.id, bob.id, true],
        [bob.id, ada.id, true],
      ].sort(),
    )
    expect((await listOf(ada.cookie)).find((i) => i.id === invitation.id)?.status).toBe('accepted')
    await expect
      .poll(() => heard.filter((e) => e.event.type === 'invitation.changed' && e.event.invitation_id === invitation.id).map((e) => e.to))
      .toContainEqual([ada.id])
    await expect
      .poll(() => heard.filter((e) => e.event.type === 'contact.changed').map((e) => e.to[0]))
      .toEqual(expect.arrayContaining([ada.id, bob.id]))
  })

  it('is single use: two accepts of one token at the same moment make exactly one connection', async () => {
    const ada = await insertSignedInPerson(app, db)
    const bob = await insertSignedInPerson(app, db)
    const cy = await insertSignedInPerson(app, db)
    const { token } = await createLink(ada)
    const answers = await Promise.all([accept(bob.cookie, token), accept(cy.cookie, token)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410])
    expect(await db.select().from(contacts).where(eq(contacts.userId, ada.id))).toHaveLength(1)
    // the one who accepted may load the acceptance again (a reload): it worked, nothing is added; the other is refused
    const winner = answers[0]?.statusCode === 200 ? bob : cy
    const again = await accept(winner.cookie, token)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ already_connected: true })
    expect(await db.select().from(contacts).where(eq(contacts.userId, ada.id))).toHaveLength(1)
  })

  it('refuses your own invitation, a missing token and anonymous callers', async () => {
    const ada = await insertSignedInPerson(app, db)
    const { token } = await createLink(ada)
    const own = await accept(ada.cookie, token)
    expect(own.statusCode).toBe(409)
    expect(own.json()).toMatchObject({ error: { message: INVITATION_TEXTS.ownInvitation } })
    expect((await call('POST', '/api/invitations/accept', ada.cookie, {})).statusCode).toBe(400)
    expect((await call('POST', '/api/invitations/accept', undefined, { token })).statusCode).toBe(401)
  })

  it('holds the circle limit on both sides, with a text for each', async () => {
    const ada = await insertSignedInPerson(app, db, { name: 'Ada' })
    const bob = await insertSignedInPerson(app, db)
    const { token } = await createLink(ada)
    await fillCircle(bob.id, MAX_ACTIVE_CONTACTS)
    const bobFull = await accept(bob.cookie, token)
    expect(bobFull.statusCode).toBe(409)
    expect(bobFull.json()).toMatchObject({ error: { code: 'CIRCLE_FULL', message: INVITATION_TEXTS.yourCircleFull } })

    const cy = await insertSignedInPerson(app, db)
    await fillCircle(ada.id, MAX_ACTIVE_CONTACTS)
    const adaFull = await accept(cy.cookie, token)
    expect(adaFull.statusCode).toBe(409)
    expect(adaFull.json()).toMatchObject({ error: { message: INVITATION_TEXTS.inviterCircleFull('Ada') } })
    // nothing was used up by the refusals
    expect((await preview(token)).statusCode).toBe(200)
  })

  it('does not double a relationship that exists: the invitation is used, nothing is added', async () => {
    const ada = await insertSignedInPerson(app, db)
    const bob = await insertSignedInPerson(app, db)
    const first = await createLink(ada)
    const second = await createLink(ada)
    expect((await accept(bob.cookie, first.token)).statusCode).toBe(200)
    const again = await accept(bob.cookie, second.token)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ already_connected: true })
    expect(
      await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.userId, ada.id), eq(contacts.contactUserId, bob.id))),
    ).toHaveLength(1)
    expect((await listOf(ada.cookie)).map((i) => i.status)).toEqual(['accepted', 'accepted'])
  })
})

describe('managing invitations', () => {
  it("lists only the inviter's own, newest first; nobody else can see, cancel or resend them", async () => {
    const ada = await insertSignedInPerson(app, db)
    const eve = await insertSignedInPerson(app, db)
    const older = await createLink(ada, 'First')
    const newer = await createLink(ada, 'Second')
    expect((await listOf(ada.cookie)).map((i) => i.id)).toEqual([newer.invitation.id, older.invitation.id])
    expect(await listOf(eve.cookie)).toEqual([])
    for (const [method, suffix] of [
      ['DELETE', ''],
      ['POST', '/resend'],
    ] as const) {
      const response = await call(method, `/api/invitations/${older.invitation.id}${suffix}`, eve.cookie)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ error: { message: INVITATION_TEXTS.notFound } })
    }
    expect((await call('DELETE', '/api/invitations/not-an-id', ada.cookie)).statusCode).toBe(400)
  })

  it('cancel deletes the invitation and its audio; its link stops working', async () => {
    const ada = await insertSignedInPerson(app, db)
    const { token, invitation } = await createLink(ada)
    const [row] = await db.select().from(invitations).where(eq(invitations.id, invitation.id))
    const audioUrl = ((await preview(token)).json() as InvitationPreview).personal_message_signed_url ?? ''
    expect((await call('DELETE', `/api/invitations/${invitation.id}`, ada.cookie)).statusCode).toBe(204)
    expect(row?.audioKey).toBeTruthy()
    expect(await listOf(ada.cookie)).toEqual([])
    expect((await app.inject({ method: 'GET', url: audioUrl })).statusCode).toBe(404)
    expect((await preview(token)).statusCode).toBe(404)
  })

  it('resend brings an expired e-mail invitation back for 7 days with a new mail; the old link stops working', async () => {
    const ada = await insertSignedInPerson(app, db, { name: 'Ada Resend' })
    const sent = await sendEmailInvite(ada, 'resend-me@example.test')
    const { invitation } = sent.json() as { invitation: Invitation }
    const oldToken = tokenOf(firstLink((await smtp.waitForMail('resend-me@example.test', /invited you/)).text))
    await db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, invitation.id))
    expect((await listOf(ada.cookie))[0]?.status).toBe('expired')
    const before = smtp.messages.length
    const response = await call('POST', `/api/invitations/${invitation.id}/resend`, ada.cookie)
    expect(response.statusCode).toBe(200)
    const body = response.json() as { invitation: Invitation; mail_sent: boolean }
    expect(body.mail_sent).toBe(true)
    expect(body.invitation.status).toBe('pending')
    expect(Date.parse(body.invitation.expires_at) - Date.now()).toBeGreaterThan(6.99 * 86_400_000)
    await expect.poll(() => smtp.messages.length).toBe(before + 1)
    const newToken = tokenOf(firstLink(smtp.messages[smtp.messages.length - 1]?.text ?? ''))
    expect(newToken).not.toBe(oldToken)
    expect((await preview(oldToken)).statusCode).toBe(404)
    expect((await preview(newToken)).statusCode).toBe(200)
  })

  it('resending a link gives a new link that replaces the old; a used invitation cannot be resent', async () => {
    const ada = await insertSignedInPerson(app, db)
    const link = await createLink(ada)
    const renewed = await call('POST', `/api/invitations/${link.invitation.id}/resend`, ada.cookie)
    expect(renewed.statusCode).toBe(200)
    expect(renewed.json()).toMatchObject({ mail_sent: false })
    const newToken = tokenOf((renewed.json() as { share_url: string }).share_url)
    expect((await preview(link.token)).statusCode).toBe(404)
    const bob = await insertSignedInPerson(app, db)
    expect((await accept(bob.cookie, newToken)).statusCode).toBe(200)
    const resend = await call('POST', `/api/invitations/${link.invitation.id}/resend`, ada.cookie)
    expect(resend.statusCode).toBe(409)
    expect(resend.json()).toMatchObject({ error: { message: INVITATION_TEXTS.used } })
  })
})

describe('the scheduled expiry', () => {
  it('marks overdue pending invitations expired and tells their inviters; current ones stay pending', async () => {
    const ada = await insertSignedInPerson(app, db)
    const overdue = await createLink(ada, 'Overdue')
    const current = await createLink(ada, 'Current')
    await db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, overdue.invitation.id))
    // pg-boss's scheduler holds the cron entry; here the occurrence is sent at once instead of waiting for it
    const schedule = await db.execute<{ cron: string }>(sql`select cron from pgboss.schedule where name = 'expire-invitations'`)
    expect(schedule.rows[0]?.cron).toBe(EXPIRE_INVITATIONS_CRON)
    await app.jobs.enqueue(null, 'expire-invitations', {})
    await expect
      .poll(async () => (await db.select().from(invitations).where(eq(invitations.id, overdue.invitation.id)))[0]?.status, {
        timeout: 10_000,
      })
      .toBe('expired')
    const [stillPending] = await db.select().from(invitations).where(eq(invitations.id, current.invitation.id))
    expect(stillPending?.status).toBe('pending')
    await expect
      .poll(() => heard.some((e) => e.event.type === 'invitation.changed' && e.event.invitation_id === overdue.invitation.id))
      .toBe(true)
  })
})

describe('link previews of /invite', () => {
  it("writes the inviter into the Open Graph tags of the served HTML; an unknown token keeps the app's own", async () => {
    const ada = await insertSignedInPerson(app, db, { name: 'Ada "Preview" <b>' })
    const { token } = await createLink(ada)
    const page = await app.inject({ method: 'GET', url: `/invite?token=${token}`, remoteAddress: makeClientAddress() })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('<meta property="og:title" content="Ada &quot;Preview&quot; &lt;b&gt; invited you to Hearth" />')
    expect(page.body).toContain(`<meta property="og:image" content="${TEST_ORIGIN}/og-image.png" />`)
    expect(page.body).toContain(`<meta property="og:url" content="${TEST_ORIGIN}/invite?token=${token}" />`)
    expect(page.body).toContain('<title>Ada &quot;Preview&quot; &lt;b&gt; invited you to Hearth</title>')
    expect(page.body).toContain('recorded a voice message for you')

    const unknown = await app.inject({ method: 'GET', url: `/invite?token=${'z'.repeat(43)}` })
    expect(unknown.statusCode).toBe(200)
    expect(unknown.body).not.toContain('og:title')
    expect(unknown.body).toContain('<div id="root"></div>')
  })
})

/** An e-mail invitation from `inviter` to `email`, and the token its real mail carries. */
async function mailedInvite(inviter: { cookie: string }, email: string) {
  const mailsTo = () => smtp.messages.filter((m) => m.to.includes(email.toLowerCase()) && /invited you/.test(m.subject))
  const before = mailsTo().length
  const sent = await sendEmailInvite(inviter, email)
  expect(sent.statusCode).toBe(201)
  const { invitation } = sent.json() as { invitation: Invitation }
  await expect.poll(() => mailsTo().length, { timeout: 10_000 }).toBe(before + 1)
  return { invitation, token: tokenOf(firstLink(mailsTo()[before]?.text ?? '')) }
}

/** An e-mail invitation from `inviter` to `email`, whose mail the test does not need (none goes to an account). */
async function emailInvitation(inviter: { cookie: string }, email: string): Promise<Invitation> {
  const sent = await sendEmailInvite(inviter, email)
  expect(sent.statusCode).toBe(201)
  return (sent.json() as { invitation: Invitation }).invitation
}

const statusOf = async (id: string) => (await db.select().from(invitations).where(eq(invitations.id, id)))[0]?.status
const emailVerifiedOf = async (email: string) => (await db.select().from(user).where(eq(user.email, email.toLowerCase())))[0]?.emailVerified

describe('signing up through an e-mail invitation (decision 118)', () => {
  const signUp = (person: TestPerson, inviteToken?: string) =>
    postJson(app, '/api/auth/sign-up/email', { ...person, ...(inviteToken === undefined ? {} : { inviteToken }) })

  it('the landing page tells the holder of an e-mail invitation its address; a link tells none', async () => {
    const ada = await insertSignedInPerson(app, db)
    const { token } = await mailedInvite(ada, 'landing-address@example.test')
    expect(((await preview(token)).json() as InvitationPreview).invited_email).toBe('landing-address@example.test')
    const link = await createLink(ada)
    expect(((await preview(link.token)).json() as InvitationPreview).invited_email).toBeNull()
  })

  it('with the invited address (in any case) counts as confirmed: signed in at once, and the invitation accepts', async () => {
    const ada = await insertSignedInPerson(app, db, { name: 'Ada Mailer' })
    const { invitation, token } = await mailedInvite(ada, 'new-friend@example.test')
    const response = await signUp(makePerson({ email: 'New-Friend@Example.test' }), token)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ token: expect.any(String), user: { email: 'new-friend@example.test', emailVerified: true } })
    expect(await emailVerifiedOf('new-friend@example.test')).toBe(true)
    const cookie = cookiesOf(response)
    const session = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })
    expect(session.json()).toMatchObject({ user: { email: 'new-friend@example.test' } })

    const accepted = await accept(cookie, token)
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toMatchObject({ inviter_name: 'Ada Mailer' })
    expect(await statusOf(invitation.id)).toBe('accepted')
  })

  it('needs confirming as before for a link, another address, an expired, used or cancelled invitation, or a forged token', async () => {
    const ada = await insertSignedInPerson(app, db)
    const link = await createLink(ada)
    const mismatched = await mailedInvite(ada, 'invited-one@example.test')
    const expired = await mailedInvite(ada, 'expired-one@example.test')
    await db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, expired.invitation.id))
    const used = await mailedInvite(ada, 'used-one@example.test')
    expect((await accept((await insertSignedInPerson(app, db)).cookie, used.token)).statusCode).toBe(200)
    const cancelled = await mailedInvite(ada, 'cancelled-one@example.test')
    expect((await call('DELETE', `/api/invitations/${cancelled.invitation.id}`, ada.cookie)).statusCode).toBe(204)

    const cases: [TestPerson, string][] = [
      [makePerson({ email: 'link-holder@example.test' }), link.token],
      [makePerson({ email: 'someone-else@example.test' }), mismatched.token],
      [makePerson({ email: 'expired-one@example.test' }), expired.token],
      [makePerson({ email: 'used-one@example.test' }), used.token],
      [makePerson({ email: 'cancelled-one@example.test' }), cancelled.token],
      [makePerson({ email: 'forger@example.test' }), 'A'.repeat(43)],
      [makePerson({ email: 'odd-token@example.test' }), '../not a token'],
    ]
    for (const [person, token] of cases) {
      const response = await signUp(person, token)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ token: null, user: { emailVerified: false } })
      expect(response.headers['set-cookie'] ?? '').not.toMatch(/session_token=[^;]/)
      expect(await emailVerifiedOf(person.email)).toBe(false)
      await smtp.waitForMail(person.email, /confirm/i)
    }
    // a token of another type in the body is ignored, as is none
    const typed = makePerson()
    expect((await postJson(app, '/api/auth/sign-up/email', { ...typed, inviteToken: 42 })).json()).toMatchObject({ token: null })
    expect(await emailVerifiedOf(typed.email)).toBe(false)
  })

  it('an address that has an account already gets the same answer as before: no session, and the usual mail', async () => {
    const ada = await insertSignedInPerson(app, db)
    // invited before the account was made (no mail goes to an address that has one)
    const address = makePerson().email
    const { token } = await mailedInvite(ada, address)
    const bob = await insertPerson(db, { email: address })
    const response = await signUp(makePerson({ email: bob.email, password: 'another-password' }), token)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ token: null, user: { emailVerified: false } })
    expect(response.headers['set-cookie'] ?? '').not.toMatch(/session_token=[^;]/)
    await smtp.waitForMail(bob.email, /already have a Hearth account/)
  })
})

describe('closing the invitations of someone who joined another way (decision 119)', () => {
  it('joining through a link closes the e-mail invitation to the same address, live, and Resend is refused', async () => {
    const ada = await insertSignedInPerson(app, db)
    // Bob's mail came before he joined
    const bobAddress = makePerson().email
    const byMail = await mailedInvite(ada, bobAddress.toUpperCase())
    const bob = await insertSignedInPerson(app, db, { email: bobAddress })
    const link = await createLink(ada, 'Bob')
    const cy = await insertSignedInPerson(app, db)
    const toSomeoneElse = { invitation: await emailInvitation(ada, cy.email) }
    const fromEve = { invitation: await emailInvitation(await insertSignedInPerson(app, db), bob.email) }

    expect((await accept(bob.cookie, link.token)).statusCode).toBe(200)
    const list = await listOf(ada.cookie)
    expect(list.find((i) => i.id === byMail.invitation.id)?.status).toBe('joined')
    expect(list.find((i) => i.id === link.invitation.id)?.status).toBe('accepted')
    expect(list.find((i) => i.id === toSomeoneElse.invitation.id)?.status).toBe('pending')
    // another inviter's invitation to Bob is theirs to answer: Bob is not in their circle
    expect(await statusOf(fromEve.invitation.id)).toBe('pending')
    await expect
      .poll(() => heard.some((e) => e.event.type === 'invitation.changed' && e.event.invitation_id === byMail.invitation.id))
      .toBe(true)

    const before = smtp.messages.length
    const resend = await call('POST', `/api/invitations/${byMail.invitation.id}/resend`, ada.cookie)
    expect(resend.statusCode).toBe(409)
    expect(resend.json()).toMatchObject({ error: { message: INVITATION_TEXTS.alreadyInCircle } })
    expect(smtp.messages.length).toBe(before)
    // its mailed link now says it was used
    expect((await preview(byMail.token)).json()).toMatchObject({ error: { message: INVITATION_TEXTS.used } })
    expect((await accept(bob.cookie, byMail.token)).statusCode).toBe(410)
  })

  it('accepting one e-mail invitation closes the others from the same inviter; an expired one too', async () => {
    const ada = await insertSignedInPerson(app, db)
    const bobAddress = makePerson().email
    const first = await mailedInvite(ada, bobAddress)
    const second = await mailedInvite(ada, bobAddress)
    const bob = await insertSignedInPerson(app, db, { email: bobAddress })
    await db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000), status: 'expired' })
      .where(eq(invitations.id, first.invitation.id))
    expect((await accept(bob.cookie, second.token)).statusCode).toBe(200)
    expect(await statusOf(first.invitation.id)).toBe('joined')
    expect(await statusOf(second.invitation.id)).toBe('accepted')
  })

  it('the Message button closes the invitations either of the two had sent the other', async () => {
    const ada = await insertSignedInPerson(app, db)
    const bob = await insertSignedInPerson(app, db)
    const adaToBob = { invitation: await emailInvitation(ada, bob.email) }
    const bobToAda = { invitation: await emailInvitation(bob, ada.email) }
    const connect = await call('POST', '/api/contacts/connect', bob.cookie, { user_id: ada.id })
    expect(connect.statusCode).toBeLessThan(300)
    expect(await statusOf(adaToBob.invitation.id)).toBe('joined')
    expect(await statusOf(bobToAda.invitation.id)).toBe('joined')
    // Ada chose Bob when she invited him: he is in her circle, not a message request (decision 128)
    const adas = await call('GET', '/api/contacts?status=active', ada.cookie)
    expect(adas.json().contacts.map((c: { contact_user_id: string }) => c.contact_user_id)).toContain(bob.id)
  })

  it('a Message from someone you never invited stays a request and closes nothing', async () => {
    const ada = await insertSignedInPerson(app, db)
    const bob = await insertSignedInPerson(app, db)
    const adaToSomeoneElse = { invitation: await emailInvitation(ada, 'someone-else@example.test') }
    expect((await call('POST', '/api/contacts/connect', bob.cookie, { user_id: ada.id })).statusCode).toBeLessThan(300)
    const adas = await call('GET', '/api/contacts?status=active', ada.cookie)
    expect(adas.json().contacts.map((c: { contact_user_id: string }) => c.contact_user_id)).not.toContain(bob.id)
    expect(await statusOf(adaToSomeoneElse.invitation.id)).toBe('pending')
  })

  it('Resend refuses someone already in the circle however they came in; not someone merely invited', async () => {
    const ada = await insertSignedInPerson(app, db)
    const bob = await insertSignedInPerson(app, db)
    await insertConnectedPair(db, ada, bob)
    // connected before invitations closed on connecting: the invitation is still pending
    const stale = { invitation: await emailInvitation(ada, bob.email) }
    const resend = await call('POST', `/api/invitations/${stale.invitation.id}/resend`, ada.cookie)
    expect(resend.statusCode).toBe(409)
    expect(resend.json()).toMatchObject({ error: { message: INVITATION_TEXTS.alreadyInCircle } })
    // and it closes, so the list stops offering Resend
    expect((await listOf(ada.cookie)).find((i) => i.id === stale.invitation.id)?.status).toBe('joined')
    const newcomer = await mailedInvite(ada, 'not-yet-joined@example.test')
    expect((await call('POST', `/api/invitations/${newcomer.invitation.id}/resend`, ada.cookie)).statusCode).toBe(200)
  })
})

/** How many of the invitation mail jobs to these addresses have finished (sent, or skipped by their rule). */
async function invitationMailJobsDone(addresses: string[]): Promise<number> {
  const { rows } = await db.execute<{ done: number }>(sql`select count(*)::int as done from pgboss.job
    where name = 'send-invitation-mail' and state = 'completed' and data->>'to' in ${addresses.map((a) => a.toLowerCase())}`)
  return rows[0]?.done ?? 0
}

describe('an e-mail invitation to an address that has an account (decision 193)', () => {
  /** What the inviter is told of an invitation, without what differs between any two (ids, address, times). */
  const answerOf = async (response: Awaited<ReturnType<typeof sendEmailInvite>>) => {
    const { invitation } = response.json() as { invitation: Invitation }
    return { status: response.statusCode, keys: Object.keys(invitation).sort(), state: invitation.status, message: invitation.has_message }
  }

  it('mails nobody who has an account, blocked or not, and answers the inviter as for a new address', async () => {
    const ada = await insertSignedInPerson(app, db, { name: 'Ada Blocked' })
    const bea = await insertSignedInPerson(app, db)
    const cy = await insertSignedInPerson(app, db)
    // Ada pressed Message on Bea, and Bea blocked the request
    expect((await call('POST', '/api/contacts/connect', ada.cookie, { user_id: bea.id })).statusCode).toBeLessThan(300)
    const { requests } = (await call('GET', '/api/message-requests', bea.cookie)).json() as { requests: { id: string; user_id: string }[] }
    const request = requests.find((r) => r.user_id === ada.id)
    expect((await call('POST', `/api/message-requests/${request?.id ?? ''}/block`, bea.cookie)).statusCode).toBe(204)

    const newcomer = makePerson().email
    const toBlocker = await sendEmailInvite(ada, bea.email, 'Please talk to me')
    const toAccount = await sendEmailInvite(ada, cy.email, 'Hello')
    const toNewcomer = await sendEmailInvite(ada, newcomer, 'Hello')
    const expected = await answerOf(toNewcomer)
    expect(expected).toMatchObject({ status: 201, state: 'pending', message: true })
    expect(await answerOf(toBlocker)).toEqual(expected)
    expect(await answerOf(toAccount)).toEqual(expected)

    // the newcomer's mail arrives; the other two jobs ran and sent nothing
    await smtp.waitForMail(newcomer, /Ada Blocked invited you/)
    await expect.poll(() => invitationMailJobsDone([bea.email, cy.email]), { timeout: 10_000 }).toBe(2)
    // Resend answers as for anyone, and mails nobody either (Bea is someone Ada pressed Message on: her Resend says
    // so, as it does for anyone in the inviter's circle, blocked or not)
    const invitation = (toAccount.json() as { invitation: Invitation }).invitation
    const resent = await call('POST', `/api/invitations/${invitation.id}/resend`, ada.cookie)
    expect(resent.statusCode).toBe(200)
    expect(resent.json()).toMatchObject({ mail_sent: true, invitation: { status: 'pending' } })
    await expect.poll(() => invitationMailJobsDone([cy.email]), { timeout: 10_000 }).toBe(2)
    const mailedTo = (person: { email: string }) => smtp.messages.filter((m) => m.to.includes(person.email.toLowerCase()))
    expect(mailedTo(bea)).toEqual([])
    expect(mailedTo(cy)).toEqual([])
    // and the inviter's list shows the three alike
    expect((await listOf(ada.cookie)).map((i) => i.status)).toEqual(['pending', 'pending', 'pending'])
    const blockersResend = await call(
      'POST',
      `/api/invitations/${(toBlocker.json() as { invitation: Invitation }).invitation.id}/resend`,
      ada.cookie,
    )
    expect(blockersResend.json()).toMatchObject({ error: { message: INVITATION_TEXTS.alreadyInCircle } })
  })
})
