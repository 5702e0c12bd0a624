import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify'
import { expect } from 'vitest'
import type { Contact } from '#shared/contacts.ts'
import type { Message } from '#shared/messages.ts'
import type { Database } from '#server/db/client.ts'
import { audioMessages, contacts, session } from '#server/db/schema.ts'
import type { Photo } from '#shared/photos.ts'
import { makeAudio } from './audio-files.ts'
import { makeJpeg, uploadPhoto } from './images.ts'
import { insertPerson, setHearthOwner } from './data.ts'
import { insertSignedInPerson, signIn } from './people.ts'
import { signUnsubscribeToken } from '#server/modules/notifications/unsubscribe-token.ts'
import { TEST_ORIGIN, TEST_SECRETS } from './test-app.ts'
import { uploadRecording } from './uploads.ts'

/**
 * Who may call a route:
 * - `anonymous`: anyone, signed in or not (public or self-guarded, like Better Auth's own endpoints);
 * - `signed-in`: anyone signed in, acting on their own things only (no ids of other people in the request);
 * - `owner`: the person whose contact / upload the ids name;
 * - `participant`: the sender or the receiver of the message the id names;
 * - `signed-url`: whoever holds a valid signed URL (the signature is the permission);
 * - `local`: a browser on the machine that runs Hearth (the local mailbox);
 * - `metrics-token`: whoever sends `Authorization: Bearer METRICS_TOKEN` (Prometheus; `src/server/http/metrics.int.test.ts`);
 * - `hearth-owner`: the person who runs this Hearth (Ada in the fixture), and nobody else, whatever the ids.
 */
export type Access = 'anonymous' | 'signed-in' | 'owner' | 'participant' | 'signed-url' | 'local' | 'metrics-token' | 'hearth-owner'

type Person = Awaited<ReturnType<typeof insertSignedInPerson>>

/** Ada and Bob in each other's circles with a message from Ada to Bob; Eve is a stranger to both. */
export type MatrixFixture = {
  app: FastifyInstance
  ada: Person
  bob: Person
  eve: Person
  /** someone whose account the deletion route may remove */
  leaver: Person
  /** Ada's contact for Bob */
  adaToBob: string
  /** Ada's message to Bob */
  messageId: string
  /** the signed URL of that message's audio */
  mediaUrl: string
  /** a fresh upload of Ada's (consumed by the routes that take one) */
  adaUpload: () => Promise<string>
  /** a fresh link invitation of Ada's: its id, and its token (the permission to see and accept it) */
  adaInvitation: () => Promise<{ id: string; token: string }>
  /** a fresh photo of Ada's (the delete route consumes one) */
  adaPhoto: () => Promise<Photo>
  /** the ids of all Ada's photos, in their order */
  adaPhotoIds: () => Promise<string[]>
  /** the id of a fresh session of Ada's on another device (the sign-out-a-device route consumes one) */
  adaOtherSession: () => Promise<string>
  /** a fresh message request to Bob, from someone new who pressed Message on his profile: Bob's row's id */
  requestToBob: () => Promise<string>
  /** a fresh session of Ada's */
  adaSession: () => Promise<string>
  /** the id of a fresh account the owner may act on (the delete route consumes one); `verified: false` leaves it unconfirmed */
  someAccount: (options?: { verified?: boolean }) => Promise<string>
  /** a fresh session of Ada's holding one recorded note */
  adaSessionNote: () => Promise<{ sessionId: string; noteId: string }>
}

export type MatrixRequest = { url: string; payload?: InjectOptions['payload']; headers?: Record<string, string> }

export type MatrixEntry = {
  access: Access
  /** the request the rightful caller makes, with Ada's ids */
  request: (f: MatrixFixture) => MatrixRequest | Promise<MatrixRequest>
  /** the rightful caller of an owner or participant route (Ada unless said) */
  caller?: (f: MatrixFixture) => Person
  /** registered only in some configurations (the test app has no local mailbox: it sends real SMTP) */
  conditional?: boolean
  /** a raw body, not JSON (uploads and previews) */
  raw?: boolean
}

const json = (url: string, payload?: unknown): MatrixRequest => ({ url, ...(payload !== undefined && { payload: payload as object }) })

/**
 * Every route the server registers, keyed `METHOD url` as Fastify registers it. A route missing here fails the
 * authorization matrix test: adding a route means saying who may call it.
 */
export const ROUTE_MATRIX: Record<string, MatrixEntry> = {
  'GET /api/auth/*': { access: 'anonymous', request: () => json('/api/auth/get-session') },
  'POST /api/auth/*': {
    access: 'anonymous',
    request: () => json('/api/auth/sign-in/email', { email: 'nobody@example.test', password: 'whatever-1' }),
  },
  'GET /api/health': { access: 'anonymous', request: () => json('/api/health') },
  'GET /api/config': { access: 'anonymous', request: () => json('/api/config') },
  // the API's own description is public (decision 47)
  'GET /api/docs': { access: 'anonymous', request: () => json('/api/docs') },
  'GET /api/docs/json': { access: 'anonymous', request: () => json('/api/docs/json') },
  'GET /api/public-profiles/:id': { access: 'anonymous', request: (f) => json(`/api/public-profiles/${f.ada.id}`) },
  // for search engines: the public pages only
  'GET /robots.txt': { access: 'anonymous', request: () => json('/robots.txt') },
  'GET /sitemap.xml': { access: 'anonymous', request: () => json('/sitemap.xml') },

  'GET /api/profile': { access: 'signed-in', request: () => json('/api/profile') },
  'PATCH /api/profile': { access: 'signed-in', request: () => json('/api/profile', { onboarding_completed: true }) },
  'PUT /api/profile/welcome-message': {
    access: 'owner',
    request: async (f) => json('/api/profile/welcome-message', { upload_id: await f.adaUpload() }),
  },

  'GET /api/account/sessions': { access: 'signed-in', request: () => json('/api/account/sessions') },
  'DELETE /api/account/sessions/:id': {
    access: 'owner',
    request: async (f) => json(`/api/account/sessions/${await f.adaOtherSession()}`),
  },
  // a person of their own: the malformed-input test may find the one variant that deletes the account
  'DELETE /api/account': { access: 'signed-in', caller: (f) => f.leaver, request: () => json('/api/account', { confirmation: 'DELETE' }) },
  'GET /api/account/export': { access: 'signed-in', request: () => json('/api/account/export') },
  'POST /api/account/sessions/revoke-others': { access: 'signed-in', request: () => json('/api/account/sessions/revoke-others') },

  // the owner's care of this Hearth (decision 162): Ada is its owner
  'GET /api/me/role': { access: 'signed-in', request: () => json('/api/me/role') },
  'GET /api/admin': { access: 'hearth-owner', request: () => json('/api/admin') },
  'PUT /api/admin/sign-up-mode': { access: 'hearth-owner', request: () => json('/api/admin/sign-up-mode', { mode: 'open' }) },
  'POST /api/admin/accounts/:id/disable': {
    access: 'hearth-owner',
    request: async (f) => json(`/api/admin/accounts/${await f.someAccount()}/disable`),
  },
  'POST /api/admin/accounts/:id/enable': {
    access: 'hearth-owner',
    request: async (f) => json(`/api/admin/accounts/${await f.someAccount()}/enable`),
  },
  'DELETE /api/admin/accounts/:id': { access: 'hearth-owner', request: async (f) => json(`/api/admin/accounts/${await f.someAccount()}`) },
  'POST /api/admin/accounts/:id/resend-confirmation': {
    access: 'hearth-owner',
    request: async (f) => json(`/api/admin/accounts/${await f.someAccount({ verified: false })}/resend-confirmation`),
  },

  'GET /api/contacts': { access: 'signed-in', request: () => json('/api/contacts') },
  'GET /api/contacts/:id': { access: 'owner', request: (f) => json(`/api/contacts/${f.adaToBob}`) },
  'PUT /api/contacts/order': { access: 'owner', request: (f) => json('/api/contacts/order', { contact_ids: [f.adaToBob] }) },
  'POST /api/contacts/:id/archive': {
    access: 'owner',
    request: (f) => json(`/api/contacts/${f.adaToBob}/archive`, { should_archive: false }),
  },
  'POST /api/contacts/:id/rekindle': { access: 'owner', request: (f) => json(`/api/contacts/${f.adaToBob}/rekindle`) },
  'POST /api/contacts/connect': { access: 'signed-in', request: (f) => json('/api/contacts/connect', { user_id: f.bob.id }) },
  'GET /api/message-requests': { access: 'signed-in', caller: (f) => f.bob, request: () => json('/api/message-requests') },
  'POST /api/message-requests/:id/accept': {
    access: 'owner',
    caller: (f) => f.bob,
    request: async (f) => json(`/api/message-requests/${await f.requestToBob()}/accept`),
  },
  'POST /api/message-requests/:id/ignore': {
    access: 'owner',
    caller: (f) => f.bob,
    request: async (f) => json(`/api/message-requests/${await f.requestToBob()}/ignore`),
  },
  'POST /api/message-requests/:id/block': {
    access: 'owner',
    caller: (f) => f.bob,
    request: async (f) => json(`/api/message-requests/${await f.requestToBob()}/block`),
  },
  'GET /api/message-requests/blocked': { access: 'signed-in', caller: (f) => f.bob, request: () => json('/api/message-requests/blocked') },
  'POST /api/message-requests/:id/unblock': {
    access: 'owner',
    caller: (f) => f.bob,
    request: async (f) => {
      const id = await f.requestToBob()
      expect((await sendAs(f.app, 'POST', json(`/api/message-requests/${id}/block`), f.bob)).statusCode).toBe(204)
      return json(`/api/message-requests/${id}/unblock`)
    },
  },
  'GET /api/contacts/:id/messages': { access: 'owner', request: (f) => json(`/api/contacts/${f.adaToBob}/messages`) },
  'POST /api/contacts/:id/messages/read': { access: 'owner', request: (f) => json(`/api/contacts/${f.adaToBob}/messages/read`) },
  'POST /api/contacts/:id/messages/seen': { access: 'owner', request: (f) => json(`/api/contacts/${f.adaToBob}/messages/seen`) },
  'GET /api/sessions': { access: 'signed-in', request: () => json('/api/sessions') },
  'POST /api/sessions': { access: 'signed-in', request: () => json('/api/sessions', {}) },
  'POST /api/sessions/:id/messages': {
    access: 'owner',
    request: async (f) => json(`/api/sessions/${await f.adaSession()}/messages`, { text: 'a thought' }),
  },
  'POST /api/sessions/:id/messages/:messageId/retry-transcription': {
    access: 'owner',
    request: async (f) => {
      const { sessionId, noteId } = await f.adaSessionNote()
      return json(`/api/sessions/${sessionId}/messages/${noteId}/retry-transcription`)
    },
  },
  'POST /api/sessions/:id/messages/:messageId/send': {
    access: 'owner',
    request: async (f) => {
      const { sessionId, noteId } = await f.adaSessionNote()
      return json(`/api/sessions/${sessionId}/messages/${noteId}/send`, { contact_id: f.adaToBob })
    },
  },
  'GET /api/nudges': { access: 'signed-in', request: () => json('/api/nudges') },
  'GET /api/nudges/settings': { access: 'signed-in', request: () => json('/api/nudges/settings') },
  'PUT /api/nudges/settings': { access: 'signed-in', request: () => json('/api/nudges/settings', { enabled: true }) },
  'GET /api/contacts/:id/health': { access: 'owner', request: (f) => json(`/api/contacts/${f.adaToBob}/health`) },
  'POST /api/contacts/:id/meetings': {
    access: 'owner',
    request: (f) => json(`/api/contacts/${f.adaToBob}/meetings`, { met_on: '2026-01-02', duration_minutes: 30 }),
  },

  'GET /api/directory': { access: 'signed-in', request: () => json('/api/directory?q=bob') },
  'POST /api/audio': {
    access: 'signed-in',
    raw: true,
    request: async () => ({ url: '/api/audio', payload: await makeAudio({ seconds: 1 }) }),
  },
  'POST /api/speech/preview': {
    access: 'signed-in',
    raw: true,
    request: async () => ({ url: '/api/speech/preview', payload: await makeAudio({ seconds: 1 }) }),
  },
  'GET /api/realtime': { access: 'signed-in', request: () => json('/api/realtime') },

  'POST /api/messages': {
    access: 'owner',
    request: async (f) => json('/api/messages', { contact_id: f.adaToBob, upload_id: await f.adaUpload() }),
  },
  'GET /api/messages': { access: 'signed-in', request: () => json('/api/messages?q=hello') },
  'GET /api/messages/unheard': { access: 'signed-in', caller: (f) => f.bob, request: () => json('/api/messages/unheard') },
  'GET /api/messages/:id': { access: 'participant', request: (f) => json(`/api/messages/${f.messageId}`) },
  'POST /api/messages/:id/read': { access: 'participant', caller: (f) => f.bob, request: (f) => json(`/api/messages/${f.messageId}/read`) },
  'POST /api/messages/:id/like': {
    access: 'participant',
    caller: (f) => f.bob,
    request: (f) => json(`/api/messages/${f.messageId}/like`, { liked: true }),
  },
  // into the transcript's own language (English), which needs no translation engine: the fixture's Hearth has none
  'GET /api/messages/:id/translation': {
    access: 'participant',
    caller: (f) => f.bob,
    request: (f) => json(`/api/messages/${f.messageId}/translation?to=en`),
  },
  'POST /api/messages/:id/retry-transcription': {
    access: 'participant',
    request: (f) => json(`/api/messages/${f.messageId}/retry-transcription`),
  },
  'POST /api/messages/:id/retranscribe': {
    access: 'participant',
    request: (f) => json(`/api/messages/${f.messageId}/retranscribe`),
  },

  'GET /api/invitations': { access: 'signed-in', request: () => json('/api/invitations') },
  'POST /api/invitations/email': {
    access: 'owner',
    request: async (f) => json('/api/invitations/email', { email: 'friend@example.test', upload_id: await f.adaUpload() }),
  },
  'POST /api/invitations/link': {
    access: 'owner',
    request: async (f) => json('/api/invitations/link', { recipient_name: 'Friend', upload_id: await f.adaUpload() }),
  },
  'DELETE /api/invitations/:id': { access: 'owner', request: async (f) => json(`/api/invitations/${(await f.adaInvitation()).id}`) },
  'POST /api/invitations/:id/resend': {
    access: 'owner',
    request: async (f) => json(`/api/invitations/${(await f.adaInvitation()).id}/resend`),
  },
  // the token is the permission: anyone holding it sees the invitation (the landing page), anyone signed in accepts it
  'POST /api/invitations/preview': {
    access: 'anonymous',
    request: async (f) => json('/api/invitations/preview', { token: (await f.adaInvitation()).token }),
  },
  'POST /api/invitations/accept': {
    access: 'signed-in',
    request: async (f) => json('/api/invitations/accept', { token: (await f.adaInvitation()).token }),
  },
  'GET /api/photos': { access: 'signed-in', request: () => json('/api/photos') },
  'POST /api/photos': {
    access: 'signed-in',
    raw: true,
    request: async () => ({ url: '/api/photos', payload: await makeJpeg({ width: 120, height: 90 }) }),
  },
  'PUT /api/photos/order': { access: 'owner', request: async (f) => json('/api/photos/order', { ids: await f.adaPhotoIds() }) },
  'POST /api/photos/:id/primary': { access: 'owner', request: async (f) => json(`/api/photos/${(await f.adaPhoto()).id}/primary`) },
  'DELETE /api/photos/:id': { access: 'owner', request: async (f) => json(`/api/photos/${(await f.adaPhoto()).id}`) },
  // pictures are public renditions of photos (decision 57)
  'GET /api/pictures/:owner/:file': { access: 'anonymous', request: async (f) => json((await f.adaPhoto()).urls.avatar40) },

  // the signed token in the mail's link is the permission (decision 63): no session, any origin (RFC 8058)
  'GET /api/notifications/email/unsubscribe': {
    access: 'anonymous',
    request: (f) => json(`/api/notifications/email/unsubscribe?token=${signUnsubscribeToken(TEST_SECRETS.urlSigningKey, f.ada.id)}`),
  },
  'POST /api/notifications/email/unsubscribe': {
    access: 'anonymous',
    request: (f) => ({
      url: `/api/notifications/email/unsubscribe?token=${signUnsubscribeToken(TEST_SECRETS.urlSigningKey, f.eve.id)}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },
  // the share sheet's post when no service worker answered it: only a redirect, nothing read (decision 142)
  'POST /share': {
    access: 'anonymous',
    request: () => ({
      url: '/share',
      payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nhi\r\n--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    }),
  },
  'GET /api/push/key': { access: 'signed-in', request: () => json('/api/push/key') },
  'POST /api/push/subscriptions': {
    access: 'signed-in',
    request: () =>
      json('/api/push/subscriptions', {
        endpoint: 'https://push.example/matrix',
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      }),
  },
  'POST /api/push/unsubscribe': {
    access: 'signed-in',
    request: () => json('/api/push/unsubscribe', { endpoint: 'https://push.example/none' }),
  },
  // answers 409 to someone with no subscription: still served, never refused for who asked
  'POST /api/push/test': { access: 'signed-in', request: () => json('/api/push/test') },
  'GET /api/media/:owner/:file': { access: 'signed-url', request: (f) => json(f.mediaUrl) },
  'GET /dev/mailbox': { access: 'local', conditional: true, request: () => json('/dev/mailbox') },
  // registered only with METRICS_TOKEN set
  'GET /metrics': { access: 'metrics-token', conditional: true, request: () => json('/metrics') },
}

/** `METHOD url` of each route as it is registered (HEAD twins of GET routes are left out). */
export function routeKeys(route: RouteOptions): string[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method]
  return methods.filter((method) => method !== 'HEAD').map((method) => `${method} ${route.url}`)
}

/** Sends a matrix request as `person` (or anonymously), with the trusted Origin so that only authorization decides. */
export function sendAs(app: FastifyInstance, method: string, request: MatrixRequest, person: Person | null, raw = false) {
  return app.inject({
    method: method as InjectOptions['method'],
    ...request,
    headers: {
      origin: TEST_ORIGIN,
      ...(raw && { 'content-type': 'audio/webm' }),
      ...(person && { cookie: person.cookie }),
      ...request.headers,
    },
  })
}

export async function createMatrixFixture(app: FastifyInstance, db: Database): Promise<MatrixFixture> {
  const ada = await insertSignedInPerson(app, db, { name: 'Ada Matrix' })
  await setHearthOwner(db, ada.id)
  const bob = await insertSignedInPerson(app, db, { name: 'Bob Matrix' })
  const eve = await insertSignedInPerson(app, db, { name: 'Eve Stranger' })
  const leaver = await insertSignedInPerson(app, db, { name: 'Lee Leaving' })
  const connected = await sendAs(app, 'POST', json('/api/contacts/connect', { user_id: bob.id }), ada)
  expect(connected.statusCode).toBeLessThan(300)
  const adaToBob = (connected.json() as { contact: Contact }).contact.id
  const [bobRow] = await db.select().from(contacts).where(eq(contacts.userId, bob.id))
  expect(bobRow).toBeDefined()
  const adaUpload = () => uploadRecording(app, ada.cookie)
  const sent = await sendAs(app, 'POST', json('/api/messages', { contact_id: adaToBob, upload_id: await adaUpload() }), ada)
  expect(sent.statusCode).toBe(201)
  const message = sent.json() as Message
  // the message's job replaces the recording as received with its playable form (decision 174): the URL that stays
  const measuredAt = async () =>
    (await db.select({ at: audioMessages.audioMeasuredAt }).from(audioMessages).where(eq(audioMessages.id, message.id)))[0]?.at
  for (let waited = 0; !(await measuredAt()); waited += 100) {
    if (waited > 20_000) throw new Error('the message job did not measure the recording')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const mediaUrl = ((await sendAs(app, 'GET', json(`/api/messages/${message.id}`), ada)).json() as Message).audio_url
  const adaInvitation = async () => {
    const created = await sendAs(
      app,
      'POST',
      json('/api/invitations/link', { recipient_name: 'Friend', upload_id: await adaUpload() }),
      ada,
    )
    expect(created.statusCode).toBe(201)
    const body = created.json() as { invitation: { id: string }; share_url: string }
    return { id: body.invitation.id, token: new URL(body.share_url).searchParams.get('token') ?? '' }
  }
  const adaPhoto = async () => uploadPhoto(app, ada.cookie, await makeJpeg({ width: 120, height: 90, gps: false }))
  const adaPhotoIds = async () => {
    const listed = await sendAs(app, 'GET', json('/api/photos'), ada)
    const ids = (listed.json() as Photo[]).map((photo) => photo.id)
    return ids.length > 0 ? ids : [(await adaPhoto()).id]
  }
  const adaOtherSession = async () => {
    await signIn(app, ada)
    const [latest] = await db.select().from(session).where(eq(session.userId, ada.id)).orderBy(desc(session.createdAt)).limit(1)
    if (!latest) throw new Error('the second sign-in made no session')
    return latest.id
  }
  const requestToBob = async () => {
    const asking = await insertSignedInPerson(app, db)
    expect((await sendAs(app, 'POST', json('/api/contacts/connect', { user_id: bob.id }), asking)).statusCode).toBe(201)
    const [row] = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.userId, bob.id), eq(contacts.contactUserId, asking.id)))
    if (!row) throw new Error('the press of Message made no request')
    return row.id
  }
  const adaSession = async () => {
    const created = await sendAs(app, 'POST', json('/api/sessions', {}), ada)
    expect(created.statusCode).toBe(201)
    return (created.json() as { id: string }).id
  }
  const adaSessionNote = async () => {
    const sessionId = await adaSession()
    const note = await sendAs(app, 'POST', json(`/api/sessions/${sessionId}/messages`, { upload_id: await adaUpload() }), ada)
    expect(note.statusCode).toBe(201)
    return { sessionId, noteId: (note.json() as { id: string }).id }
  }
  const someAccount = async (options: { verified?: boolean } = {}) => (await insertPerson(db, options)).id
  return {
    app,
    ada,
    bob,
    eve,
    leaver,
    adaToBob,
    messageId: message.id,
    mediaUrl,
    adaUpload,
    adaInvitation,
    adaPhoto,
    adaPhotoIds,
    adaOtherSession,
    requestToBob,
    adaSession,
    adaSessionNote,
    someAccount,
  }
}
