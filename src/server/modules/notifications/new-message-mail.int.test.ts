import fs from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Profile } from '#shared/profile.ts'
import type { Analyzer } from '#server/speech/analysis/analyzer.ts'
import { engineHearing } from '#server/test/engine-double.ts'
import { insertSignedInPair } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { sendRecording } from '#server/test/uploads.ts'

/** A speech engine double: a 1 s or 2 s recording says a sentence at once; a 4 s one takes longer than the wait. */
const engineDouble = engineHearing(async ({ durationSeconds }) => {
  const seconds = Math.round(durationSeconds)
  if (seconds === 4) await new Promise((resolve) => setTimeout(resolve, 4_000))
  return seconds === 2 ? 'see you at the market on Sunday' : 'I miss you and I hope the garden is growing'
})
const analyzerDouble: Analyzer = {
  name: 'test',
  async analyze(text) {
    return { emotions: text.includes('miss') ? ['love'] : ['calm'], topics: ['garden'], sentiment: 0.5 }
  },
}

const dataDir = await fs.mkdtemp('/tmp/hearth-int-notify-')
const { app, db, smtp } = await createTestApp(
  { DATA_DIR: dataDir },
  {
    speech: { choice: engineDouble, analyzer: analyzerDouble },
    notificationTiming: { burstMs: 1_500, transcriptWaitMs: 2_500, recheckMs: 300, onlineRecheckMs: 500 },
  },
)
const api = apiClient(app)

/** Waits until no mail job of this message is left to run (its rechecks included). */
async function mailJobsSettled(messageId: string) {
  await expect
    .poll(
      async () => {
        const { rows } = await db.execute<{ open: number }>(
          sql`select count(*)::int as open from pgboss.job where name = 'notify-new-message-mail' and data->>'messageId' = ${messageId} and state in ('created', 'retry', 'active')`,
        )
        return rows[0]?.open
      },
      { timeout: 15_000 },
    )
    .toBe(0)
}

const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email.toLowerCase()))

describe('new voice message mail', () => {
  it('mails the receiver once the transcript is ready: sender, length, transcript, feelings and the playback link', async () => {
    const { ada, bob, adaToBob } = await insertSignedInPair(app, db, ['Ada Mail', 'Bob Mail'])
    const message = await sendRecording(app, ada.cookie, adaToBob, { seconds: 1 })

    const mail = await smtp.waitForMail(bob.email, /New voice message from Ada Mail/, 15_000)
    expect(mail.text).toContain('"I miss you and I hope the garden is growing"')
    expect(mail.text).toContain('Feels: love')
    expect(mail.text).toContain('About: garden')
    // the length as the app shows it (m:ss, whole seconds)
    expect(mail.text).toContain('A 0:01 voice message')
    expect(mail.text).toContain(`http://localhost:3999/playback/${message.id}`)
    expect(mail.html).toContain(`/playback/${message.id}`)
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:3999\/api\/notifications\/email\/unsubscribe\?token=[^>]+>$/)
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')

    // the job may run again (a restart, a retry): the message is never mailed twice
    await mailJobsSettled(message.id)
    await app.jobs.enqueue(null, 'notify-new-message-mail', { messageId: message.id })
    await mailJobsSettled(message.id)
    expect(mailsTo(bob.email)).toHaveLength(1)
    // and the sender gets nothing
    expect(mailsTo(ada.email)).toHaveLength(0)
  })

  it('sends nothing to someone who turned Email Notifications off', async () => {
    const { ada, bob, adaToBob } = await insertSignedInPair(app, db, ['Ada Off', 'Bob Off'])
    const off = await api.patch('/api/profile', bob.cookie, { email_notifications_enabled: false })
    expect(off.statusCode).toBe(200)
    const message = await sendRecording(app, ada.cookie, adaToBob, { seconds: 1 })
    await mailJobsSettled(message.id)
    expect(mailsTo(bob.email)).toEqual([])
  })

  it('sends nothing for a message the receiver already played', async () => {
    const { ada, bob, adaToBob } = await insertSignedInPair(app, db, ['Ada Played', 'Bob Played'])
    const message = await sendRecording(app, ada.cookie, adaToBob, { seconds: 1 })
    const read = await api.post(`/api/messages/${message.id}/read`, bob.cookie)
    expect(read.statusCode).toBe(200)
    await mailJobsSettled(message.id)
    expect(mailsTo(bob.email)).toEqual([])
  })

  it('mails no one who has Hearth open; once they leave with the message unheard, the mail goes', async () => {
    const { ada, bob, adaToBob } = await insertSignedInPair(app, db, ['Ada Open', 'Bob Open'])
    // Bob has a tab open (a live socket on an instance)
    await db.execute(sql`insert into realtime_presence (instance_id, user_id, connections) values ('open-tab', ${bob.id}, 1)`)
    const message = await sendRecording(app, ada.cookie, adaToBob, { seconds: 1 })
    // past the burst and the transcript, and several looks while he stays: nothing
    await expect
      .poll(
        async () => {
          const { rows } = await db.execute<{ looks: number }>(
            sql`select count(*)::int as looks from pgboss.job where name = 'notify-new-message-mail' and data->>'messageId' = ${message.id}`,
          )
          return rows[0]?.looks ?? 0
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThanOrEqual(3)
    expect(mailsTo(bob.email)).toEqual([])
    // he closes the tab without playing it
    await db.execute(sql`delete from realtime_presence where user_id = ${bob.id}`)
    const mail = await smtp.waitForMail(bob.email, /New voice message from Ada Open/, 15_000)
    expect(mail.text).toContain(`/playback/${message.id}`)
  })

  it('gathers a burst from one sender into one mail', async () => {
    const { ada, bob, adaToBob } = await insertSignedInPair(app, db, ['Ada Burst', 'Bob Burst'])
    const first = await sendRecording(app, ada.cookie, adaToBob, { seconds: 1 })
    const second = await sendRecording(app, ada.cookie, adaToBob, { seconds: 2 })
    const mail = await smtp.waitForMail(bob.email, /2 new voice messages from Ada Burst/, 15_000)
    expect(mail.text).toContain(`/playback/${first.id}`)
    expect(mail.text).toContain(`/playback/${second.id}`)
    expect(mail.text).toContain('see you at the market on Sunday')
    await mailJobsSettled(first.id)
    await mailJobsSettled(second.id)
    expect(mailsTo(bob.email)).toHaveLength(1)
  })

  it("turns the switch off from the mail's link and header, without a session and from any origin", async () => {
    const { ada, bob, adaToBob } = await insertSignedInPair(app, db, ['Ada Unsub', 'Bob Unsub'])
    await sendRecording(app, ada.cookie, adaToBob, { seconds: 1 })
    const mail = await smtp.waitForMail(bob.email, /New voice message from Ada Unsub/, 15_000)
    const url = new URL(/^<(.+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1] ?? '')
    expect(mail.text).toContain(url.href)

    // the link opens a page that asks first; opening it changes nothing
    const page = await app.inject({ method: 'GET', url: url.pathname + url.search })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.body).toContain('<form method="post"')
    expect(((await api.get('/api/profile', bob.cookie)).json() as Profile).email_notifications_enabled).toBe(true)

    // a mail program's one-click POST (RFC 8058): no cookie, no Origin of ours
    const oneClick = await app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.statusCode).toBe(200)
    expect(oneClick.body).toContain('Emails turned off')
    expect(((await api.get('/api/profile', bob.cookie)).json() as Profile).email_notifications_enabled).toBe(false)
  })

  it('refuses an unsubscribe token that was not signed by Hearth, and a missing one', async () => {
    const { bob } = await insertSignedInPair(app, db, ['Ada Forged', 'Bob Forged'])
    const forged = `${Buffer.from(bob.id).toString('base64url')}.not-our-signature`
    const refused = await app.inject({
      method: 'POST',
      url: `/api/notifications/email/unsubscribe?token=${forged}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ error: { code: 'FORBIDDEN' } })
    expect(((await api.get('/api/profile', bob.cookie)).json() as Profile).email_notifications_enabled).toBe(true)
    const missing = await app.inject({
      method: 'POST',
      url: '/api/notifications/email/unsubscribe',
      payload: 'x=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(missing.statusCode).toBe(400)
  })

  // last: its slow transcription holds the only speech worker for a while
  it('sends without the transcript once the bounded wait is over', async () => {
    const { ada, bob, adaToBob } = await insertSignedInPair(app, db, ['Ada Slow', 'Bob Slow'])
    const message = await sendRecording(app, ada.cookie, adaToBob, { seconds: 4 })
    const mail = await smtp.waitForMail(bob.email, /New voice message from Ada Slow/, 15_000)
    expect(mail.text).toContain('The transcript is not ready yet')
    expect(mail.text).toContain(`/playback/${message.id}`)
  })
})
