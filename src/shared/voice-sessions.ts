import { z } from 'zod/mini'
import { MAX_NOTES_PER_SESSION, MAX_SESSIONS_PER_PERSON, SESSION_NOTE_MAX_CHARS, SESSION_TITLE_MAX_CHARS } from './limits.ts'

/** Sessions (docs/product/voice-sessions.md): a private space to talk something through before sending it. Only the owner sees them. */
export const SESSIONS_PAGE_LIMIT = 10
export const SESSION_MESSAGES_PAGE_LIMIT = 20

export const SESSION_TEXTS = {
  created: 'Session Created',
  createFailed: 'Failed to create session',
  saveFailed: 'Failed to save message',
  loadFailed: 'Error: Failed to load sessions',
  notFound: 'Session not found.',
  sessionLimit: `You can keep up to ${MAX_SESSIONS_PER_PERSON} sessions.`,
  sessionsLeft: (left: number) => (left === 1 ? 'You can start 1 more session.' : `You can start ${left} more sessions.`),
  noteLimit: `A session holds up to ${MAX_NOTES_PER_SESSION} notes. Start a new session to keep going.`,
  titleTooLong: `A session title can be up to ${SESSION_TITLE_MAX_CHARS} characters.`,
  noteTooLong: `A note can be up to ${SESSION_NOTE_MAX_CHARS.toLocaleString('en')} characters.`,
  empty: 'A session message needs text or a recording, not both.',
  noRecording: 'Only a recorded note can be sent.',
  transcribing: 'Transcribing…',
  transcriptFailed: 'Transcription failed',
  noWords: 'No words could be made out.',
  notRetryable: 'Only a failed transcript can be tried again.',
  sent: (name: string) => `Sent to ${name}`,
} as const

/** A new session's default title: 'Session {date}'. */
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
  /** how many notes the session holds in all (at most MAX_NOTES_PER_SESSION) */
  message_count: z.number(),
})
export type Session = z.infer<typeof sessionSchema>

/** The ten newest sessions, and how many the person keeps in all (at most MAX_SESSIONS_PER_PERSON). */
export const sessionListSchema = z.object({ sessions: z.array(sessionSchema), total: z.number() })

export const createSessionSchema = z.object({
  title: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(SESSION_TITLE_MAX_CHARS, SESSION_TEXTS.titleTooLong))),
  date: z.optional(z.iso.date()),
})

export const createSessionMessageSchema = z
  .object({
    text: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(SESSION_NOTE_MAX_CHARS, SESSION_TEXTS.noteTooLong))),
    role: z.optional(z.enum(['user', 'assistant'])),
    upload_id: z.optional(z.uuid()),
  })
  // a recorded note's text is its transcript, made by the server
  .check(z.refine((m) => (m.text !== undefined) !== (m.upload_id !== undefined), { message: SESSION_TEXTS.empty }))

export const sessionIdParamsSchema = z.object({ id: z.uuid() })
export const sessionMessageParamsSchema = z.object({ id: z.uuid(), messageId: z.uuid() })

/** "Send to…": a recorded note goes to one of the owner's contacts as a voice message, under every message rule. */
export const sendSessionNoteSchema = z.object({ contact_id: z.uuid('Invalid receiver') })

/** From this many left, the sessions screen says how many more sessions can be started. */
export const SESSIONS_LEFT_NOTICE = 10

/** While a note's transcript is on its way the screen asks again this often. */
export const SESSION_TRANSCRIPT_POLL_MS = 3000

export const isTranscribing = (message: Pick<SessionMessage, 'transcript_status'>) =>
  message.transcript_status === 'pending' || message.transcript_status === 'processing'
