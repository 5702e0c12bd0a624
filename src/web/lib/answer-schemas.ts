import { z } from 'zod/mini'

/** An answer without a body (204). */
export const noContentSchema = z.undefined()
/** An answer whose body the caller does not read. */
export const anyAnswerSchema = z.unknown()
