import { z } from 'zod/mini'

/** The one-click unsubscribe endpoint of new-message mail (RFC 8058); the link carries a signed token. */
export const EMAIL_UNSUBSCRIBE_PATH = '/api/notifications/email/unsubscribe'

export const unsubscribeQuerySchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(512)) })

/** What the service worker receives in a push (JSON, encrypted for the browser). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.optional(z.string()),
})
export type PushPayload = z.infer<typeof pushPayloadSchema>

/** POST /api/push/subscriptions: the browser's PushSubscription.toJSON() (spec: upsert by endpoint). */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.string().check(z.minLength(1), z.maxLength(2048)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    p256dh: z.string().check(z.regex(/^[A-Za-z0-9_-]{80,100}$/, 'Invalid p256dh key')),
    auth: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,32}$/, 'Invalid auth secret')),
  }),
})
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>

export const pushUnsubscribeSchema = z.object({ endpoint: z.string().check(z.minLength(1), z.maxLength(2048)) })
export const pushKeySchema = z.object({ public_key: z.string() })
/** POST /api/push/test answers only that the test push is on its way (never what a push service said). */
export const pushTestResultSchema = z.object({ queued: z.literal(true) })
