import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import { formatTimeAgo } from './relative-time.ts'

const now = new Date('2026-11-22T12:00:00Z')
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000)

describe('formatTimeAgo', () => {
  it('takes the shared steps and says them in the reader language', () => {
    const en = createIntl({ locale: 'en', messages: {} })
    expect(formatTimeAgo(en, ago(59), now)).toBe('now')
    expect(formatTimeAgo(en, ago(-30), now)).toBe('now')
    expect(formatTimeAgo(en, ago(59 * 60), now)).toBe('59 minutes ago')
    expect(formatTimeAgo(en, ago(26 * 3600), now)).toBe('yesterday')
    expect(formatTimeAgo(en, ago(14 * 86400), now)).toBe('2 weeks ago')
    expect(formatTimeAgo(en, ago(29 * 86400), now)).toBe('last month')
    expect(formatTimeAgo(en, ago(800 * 86400), now)).toBe('2 years ago')
    const es = createIntl({ locale: 'es', messages: {} })
    expect(formatTimeAgo(es, ago(3 * 86400), now)).toBe('hace 3 días')
  })
})
