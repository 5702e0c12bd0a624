import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import { archivedCountLabel } from './archived-count.ts'

const intl = createIntl({ locale: 'en', defaultLocale: 'en', messages: {} })

describe('archivedCountLabel', () => {
  it('says contact for one and contacts otherwise', () => {
    expect(archivedCountLabel(intl, 0)).toBe('0 archived contacts')
    expect(archivedCountLabel(intl, 1)).toBe('1 archived contact')
    expect(archivedCountLabel(intl, 2)).toBe('2 archived contacts')
  })
})
