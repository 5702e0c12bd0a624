import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll } from 'vitest'
import { insertSignedInPerson } from './people.ts'
import { apiClient } from './requests.ts'
import { createTestApp } from './test-app.ts'

/**
 * A browser's side of a push subscription, made in the test: a P-256 key pair and an auth secret (RFC 8291), so the
 * test can read what Hearth encrypted for the browser.
 */
export function makePushKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: auth.toString('base64url'),
    /** Decrypts an aes128gcm push body (RFC 8188 with the RFC 8291 keys); throws when it was not made for these keys. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16)
      const idLength = body.readUInt8(20)
      const senderPublic = body.subarray(21, 21 + idLength)
      const cipherText = body.subarray(21 + idLength)
      const hmac = (key: Buffer, ...data: Buffer[]) => createHmac('sha256', key).update(Buffer.concat(data)).digest()
      const shared = ecdh.computeSecret(senderPublic)
      const prkKey = hmac(auth, shared)
      const ikm = hmac(prkKey, Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderPublic, Buffer.from([1]))
      const prk = hmac(salt, ikm)
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16)
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12)
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
      decipher.setAuthTag(cipherText.subarray(cipherText.length - 16))
      const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()])
      // one record, the last: the text, a 0x02 delimiter, then zero padding
      let end = padded.length - 1
      while (end >= 0 && padded[end] === 0) end--
      if (padded[end] !== 2) throw new Error('push record has no last-record delimiter')
      return padded.subarray(0, end).toString('utf8')
    },
  }
}

export type PushKeys = ReturnType<typeof makePushKeys>

/** A push as the local push service accepted it: already checked and decrypted. */
export type ReceivedPush = { subscription: string; payload: unknown; ttl: number; urgency: string | null }

const fromBase64url = (value: string) => Buffer.from(value, 'base64url')

/**
 * Checks a `vapid t=<JWT>, k=<key>` Authorization header (RFC 8292): the key is the server's, the ES256 signature
 * holds, the audience is this push service, and it expires within a day. Answers why not, or null.
 */
function checkVapid(header: string | undefined, vapidPublicKey: string, audience: string): string | null {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '')
  if (!match) return 'no vapid authorization'
  const [, token = '', key = ''] = match
  if (key !== vapidPublicKey) return 'unknown vapid key'
  const [head = '', claims = '', signature = ''] = token.split('.')
  const raw = fromBase64url(key)
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  })
  const valid = verify('sha256', Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, fromBase64url(signature))
  if (!valid) return 'bad vapid signature'
  const header_ = JSON.parse(fromBase64url(head).toString('utf8')) as { alg?: string }
  const body = JSON.parse(fromBase64url(claims).toString('utf8')) as { aud?: string; exp?: number; sub?: string }
  if (header_.alg !== 'ES256') return 'vapid alg is not ES256'
  if (body.aud !== audience) return `vapid audience ${body.aud} is not ${audience}`
  const now = Date.now() / 1000
  if (!body.exp || body.exp < now || body.exp > now + 24 * 60 * 60) return 'vapid expiry out of range'
  if (!body.sub || !/^(mailto:|https:)/.test(body.sub)) return 'vapid subject missing'
  return null
}

/**
 * A Web Push service on loopback (RFC 8030 delivery with RFC 8291 encryption and RFC 8292 VAPID), for tests: each
 * subscription is `/push/{name}` on it. It accepts a push only with a valid VAPID JWT for `vapidPublicKey` and a
 * body it can decrypt with the subscription's keys; `gone(name)` makes it answer 410 for that subscription.
 */
export async function startPushService(vapidPublicKey: () => string) {
  const keys = new Map<string, PushKeys>()
  const goneNames = new Set<string>()
  const received: ReceivedPush[] = []
  const refused: { subscription: string; reason: string }[] = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const name = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? ''
      const subscriptionKeys = keys.get(name)
      const answer = (status: number, reason?: string) => {
        if (reason) refused.push({ subscription: name, reason })
        response.writeHead(status).end()
      }
      if (request.method !== 'POST' || !subscriptionKeys) return answer(404, 'no such subscription')
      if (goneNames.has(name)) return answer(410)
      const problem = checkVapid(request.headers.authorization, vapidPublicKey(), origin)
      if (problem) return answer(403, problem)
      if (request.headers['content-encoding'] !== 'aes128gcm') return answer(415, 'not aes128gcm')
      try {
        const text = subscriptionKeys.decrypt(Buffer.concat(chunks))
        received.push({
          subscription: name,
          payload: JSON.parse(text),
          ttl: Number(request.headers.ttl),
          urgency: (request.headers.urgency as string | undefined) ?? null,
        })
        answer(201)
      } catch (error) {
        answer(400, `cannot decrypt: ${String(error)}`)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    /** the one push target a test app lets through unchecked (`pushTestOrigin`) */
    origin,
    received,
    refused,
    /** A new subscription on this service: what the browser would hand to POST /api/push/subscriptions. */
    subscribe(name: string) {
      const made = makePushKeys()
      keys.set(name, made)
      return { endpoint: `${origin}/push/${name}`, keys: { p256dh: made.p256dh, auth: made.auth } }
    },
    /** From now on the push service says this subscription is gone (410). */
    gone: (name: string) => goneNames.add(name),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * A test app (`createTestApp`) whose pushes go to a local push service that checks them against the app's VAPID key
 * (read once through the API, as a browser would). Both close after the file.
 */
export async function createPushTestApp(
  overrides: Parameters<typeof createTestApp>[0],
  options: Omit<NonNullable<Parameters<typeof createTestApp>[1]>, 'pushTestOrigin'> = {},
) {
  let vapidKey = ''
  const pushService = await startPushService(() => vapidKey)
  afterAll(() => pushService.close())
  const made = await createTestApp(overrides, { ...options, pushTestOrigin: pushService.origin })
  const person = await insertSignedInPerson(made.app, made.db)
  vapidKey = ((await apiClient(made.app).get('/api/push/key', person.cookie)).json() as { public_key: string }).public_key
  return { ...made, pushService, vapidKey }
}
