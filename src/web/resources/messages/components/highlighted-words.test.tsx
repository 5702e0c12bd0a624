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

  it('marks words the engine was unsure of as faint, and only those', () => {
    const words = [
      { word: 'grab', start: 0, end: 0.4, confidence: 0.9 },
      { word: 'cough', start: 0.5, end: 0.9, confidence: 0.49 },
      { word: 'fee', start: 1, end: 1.4, confidence: 0.5 },
      { word: 'sunday', start: 1.5, end: 2 },
    ]
    render(<HighlightedWords words={words} current={-1} />)
    const spans = [...document.querySelectorAll('[data-slot="transcript-word"]')]
    expect(spans.map((span) => span.getAttribute('data-confidence'))).toEqual([null, 'low', null, null])
    expect(spans[1]?.className).toContain('decoration-dotted')
    expect(spans[0]?.className).not.toContain('decoration-dotted')
  })
})
