import { describe, expect, it } from 'vitest'
import { parseInviteEmails } from './invite-emails.ts'

describe('parseInviteEmails', () => {
  it('splits lines, trims, and drops blanks and duplicates', () => {
    expect(parseInviteEmails(' maya@example.com\n\nsam@example.com\nMaya@Example.com\n')).toEqual({
      valid: ['maya@example.com', 'sam@example.com'],
      invalid: [],
    })
  })

  it('keeps the entries that are not e-mail addresses apart', () => {
    expect(parseInviteEmails('lena@example.com, not-an-email; jun@')).toEqual({
      valid: ['lena@example.com'],
      invalid: ['not-an-email', 'jun@'],
    })
  })

  it('finds nothing in an empty textarea', () => {
    expect(parseInviteEmails('  \n ')).toEqual({ valid: [], invalid: [] })
  })
})
