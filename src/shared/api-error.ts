import { z } from 'zod'

/** Every API error has this shape: `{ error: { code, message } }`. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
})
export type ApiError = z.infer<typeof apiErrorSchema>

export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  badJson: 'INVALID_JSON',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  circleFull: 'CIRCLE_FULL',
  messageLimit: 'MESSAGE_LIMIT',
  notLinked: 'NOT_LINKED',
  contactArchived: 'CONTACT_ARCHIVED',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  storageQuota: 'STORAGE_QUOTA',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  speechUnavailable: 'SPEECH_UNAVAILABLE',
} as const
