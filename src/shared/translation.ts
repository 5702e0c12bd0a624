import { z } from 'zod/mini'
import { LOCALES } from './locales.ts'

/**
 * A message's transcript read in another language (decision 228): GET /api/messages/:id/translation?to=<locale>, for
 * either person of the message.
 */
export const translationQuerySchema = z.object({ to: z.enum(LOCALES) })

export const translationSchema = z.object({
  /** the transcript in `language` */
  text: z.string(),
  /** the language asked for */
  language: z.enum(LOCALES),
  /** the transcript's own language (its `transcript_language`, English when unknown) */
  from: z.string(),
  /** who translated: `openai`, `apertium`, or `none` when the transcript is already in that language */
  engine: z.string(),
  /** a rough machine translation (Apertium's word-for-word rules): a screen says so beside it */
  rough: z.boolean(),
})
export type Translation = z.infer<typeof translationSchema>

export const TRANSLATION_TEXTS = {
  /** the message has no transcript yet (or none at all): nothing to translate */
  noTranscript: 'This message has no transcript to translate yet',
  /** TRANSLATION_ENGINE=none, or the engine asked for cannot run */
  unavailable: 'No translation engine is available on the server',
  /** the engine running has no way from the transcript's language to the one asked for (an Apertium pair not installed) */
  pairUnavailable: 'The translation engine here cannot translate between these languages',
  failed: 'The translation could not be made; try again later',
} as const
