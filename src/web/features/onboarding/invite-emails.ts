import { z } from 'zod'

const email = z.email()

/** Splits the onboarding textarea (one address per line) into valid and invalid addresses. */
export function parseInviteEmails(text: string): { valid: string[]; invalid: string[] } {
  const lines = [...new Set(text.split(/[\n,;]+/).map((l) => l.trim()).filter(Boolean))]
  return {
    valid: lines.filter((l) => email.safeParse(l).success),
    invalid: lines.filter((l) => !email.safeParse(l).success),
  }
}
