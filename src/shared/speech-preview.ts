import { z } from 'zod/mini'
import { RECORDING_MAX_SECONDS } from './limits.ts'

// Apart from the rest of the speech rules, which the signed-in home's first screen reads without loading zod
// (docs/performance.md).
/** POST /api/speech/preview?from=: the words of a recording from `from` seconds on, and where they end. */
export const speechPreviewQuerySchema = z.object({
  from: z._default(z.coerce.number().check(z.minimum(0), z.maximum(RECORDING_MAX_SECONDS + 1)), 0),
})
export const speechPreviewSchema = z.object({ text: z.string(), until: z.number() })
export type SpeechPreview = z.infer<typeof speechPreviewSchema>
