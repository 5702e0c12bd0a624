import { z } from 'zod/mini'
import { contactSchema } from './contacts.ts'
import { messageSchema } from './messages.ts'

export {
  ACCOUNT_DISABLED_CLOSE_REASON,
  REALTIME_DEBOUNCE_MS,
  REALTIME_PATH,
  REALTIME_RECONNECT_MAX_MS,
  REALTIME_REFETCH_GUARD_MS,
  SESSION_ENDED_CLOSE_CODE,
} from './realtime-connection.ts'

/**
 * What a `message.updated` event says changed, as the receiving person sees it: the message's speech state after a
 * transcription stage, `is_read`, or the message's one `liked` (decision 205). Only fields both people may see travel
 * to both.
 */
export const messageChangesSchema = z.partial(
  z.pick(messageSchema, {
    is_read: true,
    liked: true,
    transcription: true,
    word_timestamps: true,
    transcript_confidence: true,
    transcript_engine: true,
    transcript_model: true,
    transcript_language: true,
    emotions: true,
    topics: true,
    sentiment: true,
    processing_status: true,
    processing_error: true,
    processing_error_code: true,
    // the measured audio replacing the received recording and its declared length and waveform (decision 174)
    audio_url: true,
    mime_type: true,
    duration_seconds: true,
    waveform: true,
  }),
)
export type MessageChanges = z.infer<typeof messageChangesSchema>

/**
 * Events pushed over /api/realtime, each to the people allowed to see it (docs/architecture.md, "Live updates").
 * Message events carry what changed, as the receiving person sees it, so screens update the entries concerned in
 * place: `message` (the new message), `changes` (a message's changed fields), `contact` (the receiver's own contact
 * of the other person, with its unread count and last interaction) and `health` (this pair's relationship health
 * was recomputed). A payload that would not fit a notification leaves them out: the client then refetches.
 */
export const realtimeEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('contact.changed'),
    contact_id: z.nullable(z.string()),
    change: z.enum(['created', 'updated', 'archived', 'unarchived', 'rekindled', 'reordered', 'requested', 'account_deleted']),
  }),
  z.object({
    type: z.literal('message.created'),
    message_id: z.string(),
    /** the receiving person's contact of the other person */
    contact_id: z.nullable(z.string()),
    message: z.optional(messageSchema),
    contact: z.optional(contactSchema),
    health: z.optional(z.boolean()),
  }),
  z.object({
    type: z.literal('message.updated'),
    message_id: z.string(),
    contact_id: z.nullable(z.string()),
    changes: z.optional(messageChangesSchema),
    contact: z.optional(contactSchema),
    health: z.optional(z.boolean()),
  }),
  /** the pair's relationship health was recomputed after a send (decision 176): the receiving person's contact */
  z.object({ type: z.literal('health.changed'), contact_id: z.string() }),
  z.object({ type: z.literal('conversation.changed'), conversation_id: z.string(), contact_id: z.string() }),
  z.object({ type: z.literal('profile.updated'), user_id: z.string() }),
  z.object({ type: z.literal('invitation.changed'), invitation_id: z.string() }),
  /** a person's first realtime connection opened or their last one closed (decisions 24 and 40) */
  z.object({ type: z.literal('presence.changed'), user_id: z.string(), online: z.boolean() }),
  /**
   * The instance listens again after its connection to PostgreSQL was lost (a database restart or failover): events
   * sent meanwhile never reached it, so the client refetches what a reconnect would (decision 217).
   */
  z.object({ type: z.literal('resync') }),
])
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>

export const REALTIME_TEXTS = {
  tooManySockets: 'Hearth is open in too many tabs. Close a few and it will reconnect.',
} as const
