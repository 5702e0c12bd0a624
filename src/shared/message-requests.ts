import { z } from 'zod/mini'
import { MESSAGE_REQUEST_TEXTS } from './message-requests-texts.ts'
import { messageSchema } from './messages.ts'

/** A message request as its receiver sees it: who asked, and what they sent so far (oldest first, at most 3). */
export const messageRequestSchema = z.object({
  /** the receiver's row for the requester: accept, ignore and block name it */
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  avatar_url: z.nullable(z.string()),
  requested_at: z.string(),
  messages: z.array(messageSchema),
})
export type MessageRequest = z.infer<typeof messageRequestSchema>

export const messageRequestListSchema = z.object({ requests: z.array(messageRequestSchema) })
export type MessageRequestList = z.infer<typeof messageRequestListSchema>

export const messageRequestParamsSchema = z.object({ id: z.uuid(MESSAGE_REQUEST_TEXTS.notFound) })

/** Someone the signed-in person blocked (decision 203): Settings lists them, each with Unblock. */
export const blockedPersonSchema = z.object({
  /** the blocker's row for them: unblock names it */
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  avatar_url: z.nullable(z.string()),
  blocked_at: z.string(),
})
export type BlockedPerson = z.infer<typeof blockedPersonSchema>

export const blockedPeopleListSchema = z.object({ blocked: z.array(blockedPersonSchema) })
export type BlockedPeopleList = z.infer<typeof blockedPeopleListSchema>
