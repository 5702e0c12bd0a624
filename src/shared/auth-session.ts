import { z } from 'zod/mini'

/**
 * Better Auth's answer to GET /api/auth/get-session (decision 108: the web reads it with its own query): the signed-in
 * person and their session, or null without one. Only what the web uses; the rest of Better Auth's fields are dropped.
 */
export const authSessionSchema = z.nullable(
  z.object({
    user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    session: z.object({ id: z.string(), userId: z.string(), expiresAt: z.string() }),
  }),
)
export type AuthSessionAnswer = z.infer<typeof authSessionSchema>
