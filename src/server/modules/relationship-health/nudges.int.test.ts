import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { NudgeSettings, OpenNudges, RelationshipHealth } from '#shared/relationship-health.ts'
import { contactNudges, profiles } from '#server/db/schema.ts'
import type { JobMap, JobName, JobQueue } from '#server/jobs/job-queue.ts'
import { createPushService } from '#server/modules/notifications/push.service.ts'
import { DEFAULT_NOTIFICATION_TIMING } from '#server/modules/notifications/notifications.service.ts'
import { insertConnectedPair } from '#server/test/data.ts'
import { createPushTestApp } from '#server/test/push-service.ts'
import { insertSignedInPair, insertSignedInPerson, type SignedInPerson as Person } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { TEST_ORIGIN } from '#server/test/test-app.ts'
import { sendRecording } from '#server/test/uploads.ts'
import { createNudgesService } from './nudges.service.ts'

const { app, db, smtp, pushService } = await createPushTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-nudges-') })
const { get, put } = apiClient(app)

const DAY = 24 * 3600_000
let clock = new Date()
/** The service on a clock the test moves. Mail goes through the app's real queue to the test SMTP server; the
 * 'nudge' jobs the daily pass queues are kept here, so the app's own workers (on the real clock) never run them. */
const queued: string[] = []
const queue: Pick<JobQueue, 'enqueue'> = {
  async enqueue<N extends JobName>(executor: Parameters<JobQueue['enqueue']>[0], name: N, data: JobMap[N]) {
    if (name === 'nudge') queued.push((data as JobMap['nudge']).contactId)
    else await app.jobs.enqueue(executor, name, data)
  },
}
/** notifyPerson only queues 'send-push'; the app's own worker sends it with the app's VAPID key */
const push = createPushService({
  db,
  queue,
  vapid: { publicKey: '', privateKey: '', subject: 'mailto:test@example.com' },
  targets: { testOrigin: pushService.origin },
  timing: DEFAULT_NOTIFICATION_TIMING,
  log: app.log,
})
const nudges = createNudgesService({ db, queue, push, publicUrl: TEST_ORIGIN, now: () => clock })

/** Days after the messages of the pair were exchanged (just now). */
const at = (days: number) => {
  clock = new Date(Date.now() + days * DAY)
}
async function dueContacts(): Promise<string[]> {
  queued.length = 0
  await nudges.handleFindQuietRelationships()
  return [...queued]
}
const messagesCounted = async (person: Person, contactId: string) =>
  ((await get(`/api/contacts/${contactId}/health`, person.cookie)).json() as RelationshipHealth).message_count
async function exchange(a: Person, aToB: string, b: Person, bToA: string) {
  const before = await messagesCounted(a, aToB)
  await sendRecording(app, a.cookie, aToB)
  await sendRecording(app, b.cookie, bToA)
  // the pair's stored health, which the nudges read, is refreshed just after each send's commit (decision 176)
  await expect.poll(() => messagesCounted(a, aToB), { timeout: 5000 }).toBe(before + 2)
}

describe('gentle nudges', () => {
  it('nudge a quiet pair once, after twice their rhythm and a week, by e-mail leading to recording for them', async () => {
    const { ada, bob, adaToBob, bobToAda } = await insertSignedInPair(app, db, ['Ada Quiet', 'Bob Quiet'])
    await exchange(ada, adaToBob, bob, bobToAda)

    at(6.9)
    expect(await dueContacts()).not.toContain(adaToBob)
    at(7.1)
    const due = await dueContacts()
    expect(due).toEqual(expect.arrayContaining([adaToBob, bobToAda]))

    expect(await nudges.handleNudge({ contactId: adaToBob })).toEqual({ status: 'done', reason: 'by email' })
    // Ada's home tile for Bob shows the hint until they talk again; Bob's shows none
    expect(((await get('/api/nudges', ada.cookie)).json() as OpenNudges).nudges.map((n) => n.contact_id)).toEqual([adaToBob])
    expect((await get('/api/nudges', bob.cookie)).json()).toEqual({ nudges: [] })
    const mail = await smtp.waitForMail(ada.email, /^Thinking of Bob Quiet\?$/)
    expect(mail.text).toContain(`${TEST_ORIGIN}/record/${adaToBob}`)
    // a repeat of the same job sends nothing more
    expect((await nudges.handleNudge({ contactId: adaToBob })).status).toBe('skipped')

    // one per contact every two weeks, though the person's week has passed
    at(7.1 + 8)
    expect(await dueContacts()).not.toContain(adaToBob)
    at(7.1 + 14.1)
    expect(await dueContacts()).toContain(adaToBob)
    expect(smtp.messages.filter((m) => m.to.includes(ada.email.toLowerCase()))).toHaveLength(1)
  })

  it('sends one nudge per person a week, however many relationships went quiet', async () => {
    const { ada, bob, adaToBob, bobToAda } = await insertSignedInPair(app, db, ['Ada Busy', 'Bob Busy'])
    const cy = await insertSignedInPerson(app, db, { name: 'Cy Busy' })
    const { aToB: adaToCy, bToA: cyToAda } = await insertConnectedPair(db, ada, cy)
    await exchange(ada, adaToBob, bob, bobToAda)
    await exchange(ada, adaToCy, cy, cyToAda)

    at(8)
    expect(await dueContacts()).toEqual(expect.arrayContaining([adaToBob, adaToCy]))
    expect((await nudges.handleNudge({ contactId: adaToBob })).status).toBe('done')
    expect((await nudges.handleNudge({ contactId: adaToCy })).status).toBe('skipped')
    expect(await dueContacts()).not.toContain(adaToCy)
    at(8 + 7.1)
    expect(await dueContacts()).toContain(adaToCy)
  })

  it('respects the nudges switch and the e-mail switch', async () => {
    const { ada, bob, adaToBob, bobToAda } = await insertSignedInPair(app, db, ['Ada Off', 'Bob Off'])
    await exchange(ada, adaToBob, bob, bobToAda)

    expect((await get('/api/nudges/settings', ada.cookie)).json()).toEqual({ enabled: true })
    const off = await put('/api/nudges/settings', ada.cookie, { enabled: false })
    expect(off.json() as NudgeSettings).toEqual({ enabled: false })
    expect((await put('/api/nudges/settings', ada.cookie, { enabled: 'no' })).statusCode).toBe(400)
    await db.update(profiles).set({ emailNotificationsEnabled: false }).where(eq(profiles.id, bob.id))

    at(8)
    const due = await dueContacts()
    expect(due).not.toContain(adaToBob)
    expect(due).not.toContain(bobToAda)
    expect((await nudges.handleNudge({ contactId: adaToBob })).status).toBe('skipped')

    await put('/api/nudges/settings', ada.cookie, { enabled: true })
    expect(await dueContacts()).toContain(adaToBob)
  })

  it('leaves archived contacts and pairs without a rhythm alone', async () => {
    const { ada, bob, adaToBob, bobToAda } = await insertSignedInPair(app, db, ['Ada Arch', 'Bob Arch'])
    await sendRecording(app, ada.cookie, adaToBob)
    at(30)
    // one message is no rhythm yet
    expect(await dueContacts()).not.toContain(adaToBob)
    await sendRecording(app, bob.cookie, bobToAda)
    await expect.poll(() => messagesCounted(bob, bobToAda), { timeout: 5000 }).toBe(2)
    await apiClient(app).post(`/api/contacts/${adaToBob}/archive`, ada.cookie, { should_archive: true })
    at(8)
    const due = await dueContacts()
    expect(due).not.toContain(adaToBob)
    expect(due).toContain(bobToAda)
  })

  it('pushes the nudge to a person who subscribed a browser, opening recording for the contact, and mails no one', async () => {
    const { ada, bob, adaToBob, bobToAda } = await insertSignedInPair(app, db, ['Ada Push', 'Bob Push'])
    expect((await apiClient(app).post('/api/push/subscriptions', ada.cookie, pushService.subscribe('ada-nudged'))).statusCode).toBe(200)
    // push reaches her even with e-mail off; the limits stay the same
    await db.update(profiles).set({ emailNotificationsEnabled: false }).where(eq(profiles.id, ada.id))
    await exchange(ada, adaToBob, bob, bobToAda)

    at(8)
    expect(await dueContacts()).toContain(adaToBob)
    expect(await nudges.handleNudge({ contactId: adaToBob })).toEqual({ status: 'done', reason: 'by push' })
    // Bob's message itself may also reach her browser as a push, whenever its job runs: only the nudge is counted here
    const nudgePushes = () =>
      pushService.received
        .filter((p) => p.subscription === 'ada-nudged')
        .map((p) => p.payload)
        .filter((payload) => (payload as { url?: string }).url?.startsWith('/record/'))
    await expect.poll(nudgePushes, { timeout: 10_000 }).toEqual([
      {
        title: 'Thinking of Bob Push?',
        body: 'It has been a while since you two last talked, longer than usual. A short voice message could be a nice surprise.',
        url: `/record/${adaToBob}`,
      },
    ])
    expect(pushService.refused).toEqual([])
    const rows = await db.select().from(contactNudges).where(eq(contactNudges.contactId, adaToBob))
    expect(rows.map((r) => r.channel)).toEqual(['push'])
    expect(smtp.messages.filter((m) => m.to.includes(ada.email.toLowerCase()))).toEqual([])
    // one per contact every two weeks and one per person a week, as by e-mail
    expect((await nudges.handleNudge({ contactId: adaToBob })).status).toBe('skipped')
    at(8 + 7.1)
    expect(await dueContacts()).not.toContain(adaToBob)

    // Bob, with no browser subscribed and e-mail on, is mailed
    expect(await nudges.handleNudge({ contactId: bobToAda })).toEqual({ status: 'done', reason: 'by email' })
    await smtp.waitForMail(bob.email, /^Thinking of Ada Push\?$/)
  })

  it("the home tile's hint lasts until the two talk again", async () => {
    const { ada, bob, adaToBob, bobToAda } = await insertSignedInPair(app, db, ['Ada Hint', 'Bob Hint'])
    await exchange(ada, adaToBob, bob, bobToAda)
    at(8)
    expect((await nudges.handleNudge({ contactId: adaToBob })).status).toBe('done')
    expect(((await get('/api/nudges', ada.cookie)).json() as OpenNudges).nudges).toHaveLength(1)
    // the test's clock ran ahead of the messages' real times: the nudge is put back to a minute ago
    await db
      .update(contactNudges)
      .set({ sentAt: new Date(Date.now() - 60_000) })
      .where(eq(contactNudges.contactId, adaToBob))
    await sendRecording(app, bob.cookie, bobToAda)
    // (the hint is read against the pair's health, refreshed just after the send's commit)
    await expect.poll(async () => (await get('/api/nudges', ada.cookie)).json(), { timeout: 5000 }).toEqual({ nudges: [] })
  })
})
