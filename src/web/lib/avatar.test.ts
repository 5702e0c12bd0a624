import { describe, expect, it } from 'vitest'
import { avatarColor, generatedAvatarUrl, initials } from './avatar.ts'

describe('generated avatars', () => {
  it('takes the first and last initials', () => {
    expect(initials('maya de la torres')).toBe('MT')
    expect(initials('Sam')).toBe('S')
    expect(initials('   ')).toBe('?')
  })

  it('gives the same name the same colour, and is made locally', () => {
    expect(avatarColor('Lena Fischer')).toBe(avatarColor('Lena Fischer'))
    expect(generatedAvatarUrl('Lena <Fischer>')).toMatch(/^data:image\/svg\+xml/)
    expect(decodeURIComponent(generatedAvatarUrl('Lena <Fischer>'))).not.toContain('<Fischer>')
  })
})
