import { describe, expect, it } from 'vitest'
import { parseInviteEmails } from './invite-emails.ts'

describe('parseInviteEmails', () => {
  it('splits lines, trims, drops blanks and duplicates, and separates invalid addresses', () => {
    expect(parseInviteEmails(' maya@example.com\n\nsam@example.com\nmaya@example.com\nnot-an-email ')).toEqual({
      valid: ['maya@example.com', 'sam@example.com'],
      invalid: ['not-an-email'],
    })
  })
})
