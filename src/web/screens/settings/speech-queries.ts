import { useQuery } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { STALE } from '#shared/limits.ts'
import { apiGet } from '#web/lib/api-client.ts'

/** The part of GET /api/health this screen reads: which speech engine runs now (the rest is for operators). */
const speechStatusSchema = z.object({ speech: z.object({ engine: z.string() }) })

/** GET /api/health's speech engine ('whisper', 'openai', 'pocketsphinx' or 'none'), for the owner's speech note. */
export function useSpeechEngineQuery() {
  return useQuery({
    queryKey: ['hearth-speech-engine'] as const,
    queryFn: async ({ signal }) => (await apiGet('/api/health', speechStatusSchema, { signal })).speech.engine,
    staleTime: STALE.default,
  })
}
