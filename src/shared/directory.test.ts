import { describe, expect, it } from 'vitest'
import { isEmailQuery } from './directory.ts'
import { publicProfileDescription } from './public-profile.ts'

describe('isEmailQuery', () => {
  it('recognises a whole address only', () => {
    expect(isEmailQuery('ada@example.com')).toBe(true)
    expect(isEmailQuery('  Ada@Example.com ')).toBe(true)
    expect(isEmailQuery('ada@')).toBe(false)
    expect(isEmailQuery('ada lovelace')).toBe(false)
    expect(isEmailQuery('example.com')).toBe(false)
  })
})

describe('publicProfileDescription', () => {
  it('uses the first 150 characters of the transcript, else a sentence with the name', () => {
    const transcript = 'word '.repeat(60)
    expect(publicProfileDescription({ name: 'Ada', welcome_transcript: transcript })).toBe(transcript.trim().slice(0, 150))
    expect(publicProfileDescription({ name: 'Ada', welcome_transcript: null })).toMatch(/^Ada is on Hearth/)
  })
})
