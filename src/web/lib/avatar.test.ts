import { describe, expect, it } from 'vitest'
import { avatarColor, generatedAvatarUrl, hashSeed, initials } from './avatar.ts'

describe('generated avatars', () => {
  it('takes the first and last initials', () => {
    expect(initials('maya de la torres')).toBe('MT')
    expect(initials('Sam')).toBe('S')
    expect(initials('  élodie   brun ')).toBe('ÉB')
    expect(initials('   ')).toBe('?')
  })

  it('gives a name the same colour every time', () => {
    expect(hashSeed('Lena Fischer')).toBe(hashSeed('Lena Fischer'))
    expect(avatarColor('Lena Fischer')).toBe(avatarColor('Lena Fischer'))
    expect(avatarColor('Lena Fischer')).toBe(avatarColor('  lena fischer '))
    expect(avatarColor('Lena Fischer')).toMatch(/^#[0-9a-f]{6}$/)
  })

  it('spreads different names over several colours', () => {
    const colours = new Set(['Maya', 'Samuel', 'Lena', 'Jun', 'Ada', 'Robin', 'Noor', 'Kai', 'Ines', 'Theo'].map(avatarColor))
    expect(colours.size).toBeGreaterThan(3)
  })

  it('is an SVG made locally, with the name escaped', () => {
    const url = generatedAvatarUrl('<script> &')
    expect(url).toMatch(/^data:image\/svg\+xml;charset=utf-8,/)
    const svg = decodeURIComponent(url.slice(url.indexOf(',') + 1))
    expect(svg).not.toContain('<script>')
    expect(svg).toContain('&lt;&amp;')
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/)
  })
})
