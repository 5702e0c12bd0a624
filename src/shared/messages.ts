import { z } from 'zod/mini'
import { MESSAGES_PAGE_LIMIT } from './limits.ts'
import { MESSAGE_TEXTS } from './messages-texts.ts'
import { wordTimestampSchema } from './public-profile.ts'

export const processingStatusSchema = z.enum(['pending', 'processing', 'completed', 'failed'])
/**
 * Why a message has no transcript, for a screen to say in its own words: `language_unsupported` when its sender speaks
 * a language the speech engine here cannot transcribe (decision 227; `transcript_language` names it)
 */
export const processingErrorCodeSchema = z.enum(['language_unsupported'])

/**
 * The message a reply answers, as the reply's quote shows it (decision 205): who sent it, the first words of its
 * transcript ('…' when cut; null while it has none) and its length.
 */
export const replyQuoteSchema = z.object({
  id: z.string(),
  sender_id: z.string(),
  excerpt: z.nullable(z.string()),
  duration_seconds: z.number(),
})
export type ReplyQuote = z.infer<typeof replyQuoteSchema>

/** A voice message as either participant sees it. `audio_url` is a signed URL that expires (3600 s). */
export const messageSchema = z.object({
  id: z.string(),
  /** null once the sender deleted their account: the receiver keeps what they received (decision 202) */
  sender_id: z.nullable(z.string()),
  /** null once the receiver deleted their account (decision 202) */
  receiver_id: z.nullable(z.string()),
  /**
   * the reader's contact row for the other person when that person deleted their account (decisions 120, 202), so
   * the reader's screens name the right person when their id is gone; null otherwise
   */
  left_contact_id: z.nullable(z.string()),
  audio_url: z.string(),
  mime_type: z.string(),
  duration_seconds: z.number(),
  waveform: z.array(z.number()),
  created_at: z.string(),
  is_read: z.boolean(),
  /** the message's one like, set or cleared by either person, the same for both (decision 205) */
  liked: z.boolean(),
  reply_to_id: z.nullable(z.string()),
  /** the answered message's quote; null for no reply, or when the answered message is gone */
  reply_to: z.nullable(replyQuoteSchema),
  transcription: z.nullable(z.string()),
  word_timestamps: z.nullable(z.array(wordTimestampSchema)),
  /** 0..1, how sure the speech engine was; null when it said nothing (decision 92, `#shared/transcript-confidence.ts`) */
  transcript_confidence: z.nullable(z.number()),
  /** which engine and model made the transcript ('whisper', 'ggml-base.en.bin'); null before it was recorded */
  transcript_engine: z.nullable(z.string()),
  transcript_model: z.nullable(z.string()),
  /**
   * the language the message is spoken in, an ISO 639-1 code (decision 227): its sender's, or what the engine detected;
   * null when nothing said it (transcripts made before were English). The server always sends it; optional only
   * for clients built before it
   */
  transcript_language: z.optional(z.nullable(z.string())),
  /** a stronger engine than the one that made the transcript runs now: either person may ask for it again */
  can_retranscribe: z.boolean(),
  emotions: z.array(z.string()),
  topics: z.array(z.string()),
  /** -1..1 from the analysis (how positive the message sounds); null until analysed */
  sentiment: z.nullable(z.number()),
  processing_status: processingStatusSchema,
  processing_error: z.nullable(z.string()),
  /** always sent by the server, as `transcript_language` */
  processing_error_code: z.optional(z.nullable(processingErrorCodeSchema)),
})
export type Message = z.infer<typeof messageSchema>

/** POST /api/audio answers the stored upload; the server measured duration and type from the content. */
export const audioUploadSchema = z.object({
  upload_id: z.string(),
  mime_type: z.string(),
  bytes: z.int(),
  duration_seconds: z.number(),
  waveform: z.array(z.number()),
})
export type AudioUpload = z.infer<typeof audioUploadSchema>

/**
 * What a recorder declares of its take as it uploads it (decision 174): its length in seconds and its waveform, 64
 * peaks 0..1 with two decimals, comma-separated. The server stores them as received and shows them until the message's
 * job has measured the audio itself; a value that does not parse is ignored as absent (the job measures anyway).
 */
export const DECLARED_SECONDS_HEADER = 'x-recording-seconds'
export const DECLARED_WAVEFORM_HEADER = 'x-recording-waveform'
export const DECLARED_WAVEFORM_POINTS = 64
const declaredSecondsSchema = z.pipe(
  z.string().check(z.regex(/^\d{1,6}(\.\d{1,3})?$/)),
  z.transform((value) => Number(value)),
)
const declaredWaveformSchema = z.pipe(
  z.string().check(z.maxLength(DECLARED_WAVEFORM_POINTS * 5)),
  z.pipe(
    z.transform((value: string) => value.split(',').map((part) => (/^[01](\.\d{1,2})?$/.test(part) ? Number(part) : Number.NaN))),
    z.array(z.number().check(z.minimum(0), z.maximum(1))).check(z.length(DECLARED_WAVEFORM_POINTS)),
  ),
)
export type DeclaredRecording = { durationSeconds: number | null; waveform: number[] | null }

/** The declared length and waveform of an upload, each null when absent or malformed. */
export function declaredRecording(headers: { seconds: unknown; waveform: unknown }): DeclaredRecording {
  const seconds = declaredSecondsSchema.safeParse(headers.seconds)
  const waveform = declaredWaveformSchema.safeParse(headers.waveform)
  return { durationSeconds: seconds.success ? seconds.data : null, waveform: waveform.success ? waveform.data : null }
}

/** A declared waveform as the header carries it. */
export const declaredWaveformHeader = (peaks: number[]) => peaks.map((peak) => Math.min(1, Math.max(0, peak)).toFixed(2)).join(',')

/** An empty reply_to or the literal text 'undefined' or 'null' counts as absent (docs/product/conversation.md). */
export const replyToSchema = z.pipe(
  z.pipe(
    z.nullish(z.string()),
    z.transform((value) => (value == null || value.trim() === '' || value === 'undefined' || value === 'null' ? null : value.trim())),
  ),
  z.nullable(z.uuid(MESSAGE_TEXTS.replyNotFound)),
)

export const sendMessageSchema = z.object({
  contact_id: z.uuid('Invalid receiver'),
  upload_id: z.uuid('Invalid audio upload'),
  reply_to_id: replyToSchema,
})

/**
 * A page position in a list of messages: the last message's `created_at` (microseconds, UTC) and id. Opaque to
 * clients, which only send back the cursor they were given.
 */
export const messageCursorSchema = z.string().check(
  z.regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    MESSAGE_TEXTS.invalidCursor,
  ),
  // the shape alone lets through a 2026-02-30 or a 25:61 that PostgreSQL would refuse with an error
  z.refine((cursor) => isRealInstant(cursor.slice(0, 19)), MESSAGE_TEXTS.invalidCursor),
)

/** Whether `YYYY-MM-DDTHH:MM:SS` names a moment that exists (Date rolls 02-30 over to March; compare back). */
function isRealInstant(text: string): boolean {
  const date = new Date(`${text}Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === text
}

/** GET /api/contacts/:id/messages?before=&limit= : the page older than `before` (none: the newest), 1 to 50 long. */
export const messageListQuerySchema = z.object({
  before: z.optional(messageCursorSchema),
  limit: z._default(
    z.coerce
      .number()
      .check(
        z.int('limit must be a whole number'),
        z.minimum(1, `limit must be between 1 and ${MESSAGES_PAGE_LIMIT}`),
        z.maximum(MESSAGES_PAGE_LIMIT, `limit must be between 1 and ${MESSAGES_PAGE_LIMIT}`),
      ),
    MESSAGES_PAGE_LIMIT,
  ),
})
export type MessageListQuery = z.infer<typeof messageListQuerySchema>

/**
 * A page of a conversation, newest first, and how many messages the conversation holds in all. `nextCursor` asks for
 * the page of older messages (`?before=`); null on the oldest page.
 */
export const messageListSchema = z.object({
  messages: z.array(messageSchema),
  total: z.int(),
  nextCursor: z.nullable(z.string()),
})
export type MessageList = z.infer<typeof messageListSchema>
/**
 * GET /api/messages/unheard ('Play all new', docs/product/playback.md): every message the caller received and has not heard, from
 * the people of their circle, oldest first. At most UNHEARD_MESSAGES_LIMIT (a circle of 10, each at most 3
 * unanswered messages ahead, holds 30 at a time; more only from before those limits).
 */
export const UNHEARD_MESSAGES_LIMIT = 100
export const unheardMessagesSchema = z.object({ messages: z.array(messageSchema) })
export type UnheardMessages = z.infer<typeof unheardMessagesSchema>
export const messageIdParamsSchema = z.object({ id: z.uuid('Message not found') })
export const likeMessageSchema = z.object({ liked: z.boolean() })
