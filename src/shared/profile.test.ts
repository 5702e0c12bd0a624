import { describe, expect, it } from 'vitest'
import { defaultProfileName } from './profile.ts'

describe('defaultProfileName', () => {
  it('prefers the trimmed full name', () => expect(defaultProfileName('  Ada Lovelace ', 'ada@example.com')).toBe('Ada Lovelace'))
  it('falls back to the part of the e-mail before @', () => expect(defaultProfileName('  ', 'ada.l@example.com')).toBe('ada.l'))
  it("falls back to 'User'", () => expect(defaultProfileName(null, null)).toBe('User'))
})
