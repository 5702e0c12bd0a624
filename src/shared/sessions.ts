import { z } from 'zod'

/** Spec 001 sessions: a private space to talk something through before sending it. Only the owner sees them. */
export const SESSIONS_PAGE_LIMIT = 10
export const SESSION_MESSAGES_PAGE_LIMIT = 20

export const SESSION_TEXTS = {
  created: 'Session Created',
  createFailed: 'Failed to create session',
  saveFailed: 'Failed to save message',
  loadFailed: 'Error: Failed to load sessions',
  notFound: 'Session not found.',
  empty: 'A session message needs text or a recording.',
} as const

/** The spec's default title: 'Session {date}'. */
export const defaultSessionTitle = (date: string) => `Session ${date}`

export const sessionMessageSchema = z.object({
  id: z.string(),
  text: z.string().nullable(),
  role: z.string(),
  audio_url: z.string().nullable(),
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
  title: z.string().trim().min(1).max(200).optional(),
  date: z.iso.date().optional(),
})

export const createSessionMessageSchema = z
  .object({
    text: z.string().trim().min(1).max(10_000).optional(),
    role: z.enum(['user', 'assistant']).optional(),
    upload_id: z.uuid().optional(),
  })
  .refine((m) => m.text !== undefined || m.upload_id !== undefined, { message: SESSION_TEXTS.empty })

export const sessionIdParamsSchema = z.object({ id: z.uuid() })
