import { zodResolver } from '@hookform/resolvers/zod'
import { config, locales, type z } from 'zod/mini'

// zod/mini brings no messages of its own: a rule without a text of ours would say only 'Invalid input'. The shared
// schemas say what the server says (classic zod, which it uses too, loads these English messages), so a form that
// shows a rule's message loads them here, with the form's code and not with the first screen (decision 113).
config(locales.en())

/** react-hook-form's resolver for a shared schema, with zod's English messages. */
export { zodResolver }

/** A single field checked against its shared rule: the parsed value, or the message of the first rule it breaks. */
export function parseField<T>(
  schema: z.ZodMiniType<T>,
  value: unknown,
): { data: T; error?: undefined } | { data?: undefined; error: string } {
  const parsed = schema.safeParse(value)
  if (parsed.success) return { data: parsed.data }
  return { error: parsed.error.issues[0]?.message ?? 'Invalid input' }
}
