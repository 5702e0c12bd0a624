import { z } from 'zod/mini'

/** Events pushed over /api/realtime. They carry ids and changed fields only; clients refetch. */
export const realtimeEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('contact.changed'),
    contact_id: z.nullable(z.string()),
    change: z.enum(['created', 'updated', 'archived', 'unarchived', 'rekindled', 'reordered', 'requested', 'account_deleted']),
  }),
  z.object({ type: z.literal('message.created'), message_id: z.string(), contact_id: z.nullable(z.string()) }),
  z.object({ type: z.literal('message.updated'), message_id: z.string(), fields: z.array(z.string()) }),
  z.object({ type: z.literal('conversation.changed'), conversation_id: z.string(), contact_id: z.string() }),
  z.object({ type: z.literal('profile.updated'), user_id: z.string() }),
  z.object({ type: z.literal('invitation.changed'), invitation_id: z.string() }),
  /** a person's first realtime connection opened or their last one closed (decisions 24 and 40) */
  z.object({ type: z.literal('presence.changed'), user_id: z.string(), online: z.boolean() }),
])
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>

/** The live-update timing (docs/product/README.md). */
export const REALTIME_DEBOUNCE_MS = 500
export const REALTIME_REFETCH_GUARD_MS = 1000
export const REALTIME_RECONNECT_BASE_MS = 1000
export const REALTIME_RECONNECT_MAX_MS = 30_000
export const REALTIME_PATH = '/api/realtime'
/** A socket closed with this code ended with its session (sign-out, password reset, expiry): decision 44. */
export const SESSION_ENDED_CLOSE_CODE = 4401

export const REALTIME_TEXTS = {
  tooManySockets: 'Hearth is open in too many tabs. Close a few and it will reconnect.',
} as const
