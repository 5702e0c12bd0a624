import { afterEach, describe, expect, it } from 'vitest'
import { applyPageMeta, DEFAULT_DESCRIPTION } from './page-meta.ts'

afterEach(() => {
  document.head.innerHTML = ''
})

describe('applyPageMeta', () => {
  it('sets the title, the description and an absolute canonical link', () => {
    applyPageMeta({ title: 'Hearth', description: 'Calm voice messages', canonical: '/' })
    expect(document.title).toBe('Hearth')
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Calm voice messages')
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${window.location.origin}/`)
  })

  it('falls back to the default description and drops a stale canonical link', () => {
    applyPageMeta({ title: 'Hearth', canonical: '/' })
    applyPageMeta({ title: 'Settings - Hearth' })
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(DEFAULT_DESCRIPTION)
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1)
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull()
  })

  it('writes a robots noindex for a page that asks for it, and drops it on the next page', () => {
    applyPageMeta({ title: 'Maya - Hearth', noindex: true })
    applyPageMeta({ title: 'Maya - Hearth', noindex: true })
    expect(document.head.querySelectorAll('meta[name="robots"]')).toHaveLength(1)
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex')
    applyPageMeta({ title: 'Hearth' })
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull()
  })
})
