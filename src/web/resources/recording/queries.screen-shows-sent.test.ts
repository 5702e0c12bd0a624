import { describe, expect, it } from 'vitest'
import { screenShowsSent } from './queries.ts'

describe('screenShowsSent', () => {
  it('is true where the screen shows the arrival: the record page, the conversation, the contact page', () => {
    for (const path of ['/record/c-1', '/contacts/c-1', '/contacts/profile/c-1', '/contacts/c-1/'])
      expect(screenShowsSent(path, 'c-1')).toBe(true)
  })

  it('is false elsewhere, and for another contact: there a toast tells that the take went', () => {
    for (const path of ['/', '/settings', '/contacts/c-2', '/record/c-2', '/playback/m-1']) expect(screenShowsSent(path, 'c-1')).toBe(false)
  })
})
