import { z } from 'zod/mini'
import { signUpModeSchema } from './admin.ts'

/** The allow-list of configuration the browser may know (GET /api/config). */
export const publicConfigSchema = z.object({
  googleSignInEnabled: z.boolean(),
  devMailboxEnabled: z.boolean(),
  /** whether a sign-up without an invitation can succeed: `invitation` when this Hearth takes invitations only */
  signUpMode: signUpModeSchema,
})
export type PublicConfig = z.infer<typeof publicConfigSchema>
