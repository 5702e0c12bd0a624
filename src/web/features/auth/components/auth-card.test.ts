import { describe, expect, it } from 'vitest'
import { afterSignInPath } from './auth-card.tsx'

describe('afterSignInPath', () => {
  it('continues to the invitation when a token came along', () => {
    expect(afterSignInPath('a b&c')).toBe('/auth/invite?token=a%20b%26c')
    expect(afterSignInPath(null)).toBe('/')
  })
})
