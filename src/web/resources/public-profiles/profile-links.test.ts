import { describe, expect, it } from 'vitest'
import type { PublicProfile } from '#shared/public-profile.ts'
import { personStructuredData, profileImageUrl } from '#shared/public-profile.ts'
import { orderedPhotos, signInToMessage } from './profile-links.ts'

const profile: PublicProfile = {
  id: 'p1',
  name: 'Maya Ortiz',
  profile_picture_url: null,
  photos: [],
  welcome_audio_url: null,
  welcome_transcript: null,
  welcome_word_timestamps: null,
  findable: true,
}

describe('public profile links', () => {
  it('sends a signed-out visitor to /auth with the way back', () => {
    expect(signInToMessage('p1')).toEqual({ to: '/auth?next=%2Fu%2Fp1', state: { from: '/u/p1' } })
  })

  it('describes the person as schema.org data, with an image only when there is one', () => {
    expect(personStructuredData(profile, 'https://hearth.example')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Maya Ortiz',
      url: 'https://hearth.example/u/p1',
    })
    const withPhotos = {
      ...profile,
      photos: [
        { id: 'a', url: '/media/a.jpg', is_primary: false },
        { id: 'b', url: '/media/b.jpg', is_primary: true },
      ],
    }
    expect(personStructuredData(withPhotos, 'https://hearth.example').image).toBe('https://hearth.example/media/b.jpg')
    expect(orderedPhotos(withPhotos.photos).map((p) => p.id)).toEqual(['b', 'a'])
    expect(profileImageUrl({ photos: [], profile_picture_url: '/media/pic.jpg' })).toBe('/media/pic.jpg')
  })
})
