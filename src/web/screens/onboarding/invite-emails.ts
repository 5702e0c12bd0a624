import { z } from 'zod/mini'

const emailSchema = z.email()

/**
 * Splits the onboarding textarea (one address per line; commas and semicolons are forgiven) into valid and invalid
 * addresses, trimmed, without blanks or duplicates (case-insensitive).
 */
export function parseInviteEmails(text: string): { valid: string[]; invalid: string[] } {
  const seen = new Set<string>()
  const valid: string[] = []
  const invalid: string[] = []
  for (const raw of text.split(/[\n,;]+/)) {
    const entry = raw.trim()
    if (!entry || seen.has(entry.toLowerCase())) continue
    seen.add(entry.toLowerCase())
    if (emailSchema.safeParse(entry).success) valid.push(entry)
    else invalid.push(entry)
  }
  return { valid, invalid }
}
