import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Locale } from '#shared/locales.ts'
import { profiles } from '#server/db/schema.ts'
import type { Analyzer } from '#server/speech/analysis/analyzer.ts'
import { engineHearing } from '#server/test/engine-double.ts'
import { insertSignedInPair, insertSignedInPerson } from '#server/test/people.ts'
import { createPushTestApp } from '#server/test/push-service.ts'
import { apiClient } from '#server/test/requests.ts'
import { sendRecording } from '#server/test/uploads.ts'

// Each person's mails and pushes in the language of their profile (decision 222): Spanish, Arabic, and English
// while it is not known. Real mail (the test SMTP server) and real pushes (the local push service).
const engineDouble = engineHearing(() => 'see you on Sunday')
const analyzerDouble: Analyzer = {
  name: 'test',
  async analyze() {
    return { emotions: ['happy'], topics: ['work'], sentiment: 0.5 }
  },
}

const { app, db, smtp, pushService } = await createPushTestApp(
  { DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-languages-') },
  {
    speech: { choice: engineDouble, analyzer: analyzerDouble },
    notificationTiming: { burstMs: 500, transcriptWaitMs: 15_000, recheckMs: 300, onlineRecheckMs: 500 },
  },
)
const api = apiClient(app)

/** Ada sends Bob one voice message; Bob reads Hearth in `language` and has a browser subscribed to push. */
async function messageTo(language: Locale | null, names: [string, string]) {
  const { ada, bob, adaToBob } = await insertSignedInPair(app, db, names)
  await db.update(profiles).set({ language }).where(eq(profiles.id, bob.id))
  await api.post('/api/push/subscriptions', bob.cookie, pushService.subscribe(bob.id))
  await sendRecording(app, ada.cookie, adaToBob, { seconds: 1 })
  const push = async () => {
    await expect.poll(() => pushService.received.filter((p) => p.subscription === bob.id).length, { timeout: 10_000 }).toBe(1)
    return pushService.received.find((p) => p.subscription === bob.id)?.payload as { title: string; body: string }
  }
  return { bob, push }
}

// the three conversations start together: their mails wait out the burst side by side
const [spanish, arabic, unknown] = await Promise.all([
  messageTo('es', ['Ada Lengua', 'Bob Lengua']),
  messageTo('ar', ['Ada Arabic', 'Bob Arabic']),
  messageTo(null, ['Ada Unknown', 'Bob Unknown']),
])

describe("mails and pushes in the reader's language (decision 222)", () => {
  it('writes to someone who reads Spanish in Spanish: the new-message mail and its push', async () => {
    const { bob, push } = spanish
    expect(await push()).toMatchObject({ title: 'Nuevo mensaje de voz de Ada Lengua', body: 'Toca para escuchar' })
    const mail = await smtp.waitForMail(bob.email, /^Nuevo mensaje de voz de Ada Lengua$/, 15_000)
    expect(mail.text).toContain('Un mensaje de voz de 0:01')
    expect(mail.text).toContain('"see you on Sunday"')
    expect(mail.text).toContain('Sentimientos: alegría · Temas: trabajo')
    expect(mail.text).toContain('Recibes estos correos porque las notificaciones por correo están activadas en tus ajustes de Hearth.')
    expect(mail.html).toContain('<html lang="es" dir="ltr">')
    expect(mail.html).toContain('Ada Lengua te envió un mensaje de voz.')
  })

  it('writes to someone who reads Arabic in Arabic, the mail laid out right to left', async () => {
    const { bob, push } = arabic
    expect(await push()).toMatchObject({ title: 'رسالة صوتية جديدة من Ada Arabic', body: 'اضغط للاستماع' })
    const mail = await smtp.waitForMail(bob.email, /^رسالة صوتية جديدة من Ada Arabic$/, 15_000)
    expect(mail.html).toContain('<html lang="ar" dir="rtl">')
    expect(mail.html).toContain('أرسل لك Ada Arabic رسالة صوتية.')
    expect(mail.text).toContain('المشاعر: فرح · المواضيع: العمل')
  })

  it('writes in English while the language is not known', async () => {
    const { bob, push } = unknown
    expect(await push()).toMatchObject({ title: 'New voice message from Ada Unknown', body: 'Tap to listen' })
    const mail = await smtp.waitForMail(bob.email, /^New voice message from Ada Unknown$/, 15_000)
    expect(mail.html).toContain('<html lang="en" dir="ltr">')
    expect(mail.text).toContain('Feels: happy · About: work')
  })

  it("sends the settings' test push in the person's language", async () => {
    const eve = await insertSignedInPerson(app, db)
    await db.update(profiles).set({ language: 'fr' }).where(eq(profiles.id, eve.id))
    await api.post('/api/push/subscriptions', eve.cookie, pushService.subscribe(eve.id))
    expect((await api.post('/api/push/test', eve.cookie)).statusCode).toBe(202)
    await expect
      .poll(() => pushService.received.find((p) => p.subscription === eve.id)?.payload, { timeout: 10_000 })
      .toMatchObject({ title: 'Les notifications Hearth fonctionnent' })
  })

  it("shows the unsubscribe pages in the visitor's language (Accept-Language)", async () => {
    const url = '/api/notifications/email/unsubscribe?token=not-checked-until-the-post'
    const spanish = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' } })
    expect(spanish.headers.vary).toContain('accept-language')
    expect(spanish.body).toContain('<html lang="es" dir="ltr">')
    expect(spanish.body).toContain('¿Dejar de recibir correos de mensajes nuevos?')
    const arabic = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'ar' } })
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">')
    const other = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'ja' } })
    expect(other.body).toContain('Stop new-message emails?')
  })
})

describe("errors a screen shows name their refusal, for the screen to say it in the reader's language (decision 222)", () => {
  it('answers a refusal with its kind, its English words and the reason that names it', async () => {
    const eve = await insertSignedInPerson(app, db)
    const refused = await api.post('/api/push/test', eve.cookie)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      error: { code: 'CONFLICT', message: 'No device of yours is subscribed to push notifications.', reason: 'error.push.noSubscription' },
    })
  })

  it('gives no reason to a message made from the request itself', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' })
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No route for GET /api/no-such-thing' } })
  })
})
