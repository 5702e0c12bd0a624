import { z } from 'zod/mini'

/**
 * Every API error has this shape: `{ error: { code, message, reason? } }`. `code` is the kind of error, `message` its
 * English words, and `reason`, when present, names the one refusal (`error.invitations.used`) for a screen to say it
 * in the reader's language.
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    reason: z.optional(z.string()),
  }),
})
export type ApiError = z.infer<typeof apiErrorSchema>

/** The messages of errors the HTTP layer answers by itself, before any feature's service runs. */
export const API_ERROR_TEXTS = {
  invalidRequest: 'Invalid request',
  badJson: 'The request body is not valid JSON',
  tooLarge: 'The request body is too large',
  unsupportedType: 'Unsupported content type',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  internal: 'Something went wrong. Please try again.',
  databaseUnavailable: "Hearth can't reach its database right now. Please try again in a moment.",
  linkExpired: 'This link has expired',
  linkInvalid: 'This link is not valid',
  audioUnavailable: 'Audio file is not available',
  rangeNotSatisfiable: 'Range not satisfiable',
  storageUnavailable: "Hearth can't reach its storage right now. Please try again in a little while.",
} as const
