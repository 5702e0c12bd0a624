import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { HighlightedWords } from './highlighted-words.tsx'

afterEach(cleanup)

describe('HighlightedWords', () => {
  it('marks the spoken word current and dims the ones before it', () => {
    const words = ['one', 'two', 'three'].map((word, i) => ({ word, start: i, end: i + 0.8 }))
    render(<HighlightedWords words={words} current={1} />)
    const spans = document.querySelectorAll('[data-slot="transcript-word"]')
    expect([...spans].map((span) => span.getAttribute('data-state'))).toEqual(['spoken', 'current', 'upcoming'])
    expect(spans[1]?.getAttribute('aria-current')).toBe('true')
    expect(spans[0]?.getAttribute('aria-current')).toBeNull()
  })
})
