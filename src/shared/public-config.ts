import { z } from 'zod/mini'

/** The allow-list of configuration the browser may know (GET /api/config). */
export const publicConfigSchema = z.object({
  googleSignInEnabled: z.boolean(),
  devMailboxEnabled: z.boolean(),
})
export type PublicConfig = z.infer<typeof publicConfigSchema>
