import { z } from 'zod/mini'

/** Spec 001 sessions: a private space to talk something through before sending it. Only the owner sees them. */
export const SESSIONS_PAGE_LIMIT = 10
export const SESSION_MESSAGES_PAGE_LIMIT = 20

export const SESSION_TEXTS = {
  created: 'Session Created',
  createFailed: 'Failed to create session',
  saveFailed: 'Failed to save message',
  loadFailed: 'Error: Failed to load sessions',
  notFound: 'Session not found.',
  empty: 'A session message needs text or a recording, not both.',
  noRecording: 'Only a recorded note can be sent.',
  transcribing: 'Transcribing…',
  transcriptFailed: 'Transcription failed',
  noWords: 'No words could be made out.',
  notRetryable: 'Only a failed transcript can be tried again.',
  sent: (name: string) => `Sent to ${name}`,
} as const

/** The spec's default title: 'Session {date}'. */
export const defaultSessionTitle = (date: string) => `Session ${date}`

export const sessionMessageSchema = z.object({
  id: z.string(),
  text: z.nullable(z.string()),
  role: z.string(),
  audio_url: z.nullable(z.string()),
  /** a recorded note's transcript (in `text` once completed); null for a typed note */
  transcript_status: z.nullable(z.enum(['pending', 'processing', 'completed', 'failed'])),
  created_at: z.string(),
})
export type SessionMessage = z.infer<typeof sessionMessageSchema>

export const sessionSchema = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  created_at: z.string(),
  /** newest first, at most 20 */
  messages: z.array(sessionMessageSchema),
})
export type Session = z.infer<typeof sessionSchema>

export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) })

export const createSessionSchema = z.object({
  title: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
  date: z.optional(z.iso.date()),
})

export const createSessionMessageSchema = z
  .object({
    text: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(10_000))),
    role: z.optional(z.enum(['user', 'assistant'])),
    upload_id: z.optional(z.uuid()),
  })
  // a recorded note's text is its transcript, made by the server
  .check(z.refine((m) => (m.text !== undefined) !== (m.upload_id !== undefined), { message: SESSION_TEXTS.empty }))

export const sessionIdParamsSchema = z.object({ id: z.uuid() })
export const sessionMessageParamsSchema = z.object({ id: z.uuid(), messageId: z.uuid() })

/** "Send to…": a recorded note goes to one of the owner's contacts as a voice message, under every message rule. */
export const sendSessionNoteSchema = z.object({ contact_id: z.uuid('Invalid receiver') })

/** While a note's transcript is on its way the screen asks again this often. */
export const SESSION_TRANSCRIPT_POLL_MS = 3000

export const isTranscribing = (message: Pick<SessionMessage, 'transcript_status'>) =>
  message.transcript_status === 'pending' || message.transcript_status === 'processing'
