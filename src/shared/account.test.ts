import { describe, expect, it } from 'vitest'
import { describeUserAgent } from './account.ts'

describe('describeUserAgent', () => {
  it('names the browser and the system', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      ),
    ).toBe('Chrome on macOS')
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS')
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0')).toBe('Firefox on Windows')
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0')).toBe(
      'Edge on Linux',
    )
  })

  it('keeps an unknown agent as it is (shortened), and says nothing without one', () => {
    expect(describeUserAgent('curl/8.5.0')).toBe('curl/8.5.0')
    expect(describeUserAgent(null)).toBeNull()
    expect(describeUserAgent('  ')).toBeNull()
  })
})
