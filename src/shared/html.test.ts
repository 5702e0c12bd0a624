import { describe, expect, it } from 'vitest'
import { escapeHtml } from './html.ts'

describe('escapeHtml', () => {
  it('escapes the five characters that could end text or an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    )
  })

  it('escapes an ampersand once, so an entity already written stays visible as text', () => {
    expect(escapeHtml('&amp; &lt;')).toBe('&amp;amp; &amp;lt;')
  })

  it('leaves everything else as it is, non-ASCII included', () => {
    expect(escapeHtml('')).toBe('')
    expect(escapeHtml('Élodie · 日本語 🎙️ ©\u00a0100%')).toBe('Élodie · 日本語 🎙️ ©\u00a0100%')
    expect(escapeHtml('Zoë <3 café')).toBe('Zoë &lt;3 café')
  })
})
