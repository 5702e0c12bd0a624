import { z } from 'zod/mini'
import { signUpModeSchema } from './admin.ts'

/** The allow-list of configuration the browser may know (GET /api/config). */
export const publicConfigSchema = z.object({
  googleSignInEnabled: z.boolean(),
  devMailboxEnabled: z.boolean(),
  /** whether a sign-up without an invitation can succeed: `invitation` when this Hearth takes invitations only */
  signUpMode: signUpModeSchema,
  /**
   * whether a transcript can be read in another language here (decision 228), so a screen offers it only then; always
   * sent, optional only for clients built before it
   */
  translationAvailable: z.optional(z.boolean()),
})
export type PublicConfig = z.infer<typeof publicConfigSchema>
