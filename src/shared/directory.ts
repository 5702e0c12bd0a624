import { z } from 'zod/mini'

export const DIRECTORY_RESULT_LIMIT = 20
export const DIRECTORY_QUERY_MAX = 100

export const directoryQuerySchema = z.object({
  q: z._default(z.string().check(z.trim(), z.maxLength(DIRECTORY_QUERY_MAX, 'Search text is too long')), ''),
})

/** Never carries an e-mail address (docs/product/directory.md). */
export const directoryResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  profile_picture_url: z.nullable(z.string()),
})
export type DirectoryResult = z.infer<typeof directoryResultSchema>
export const directoryResponseSchema = z.object({ results: z.array(directoryResultSchema) })

/** An e-mail-shaped query matches only an exact address; anything else matches names. */
export function isEmailQuery(query: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(query.trim())
}
