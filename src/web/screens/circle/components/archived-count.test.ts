import { describe, expect, it } from 'vitest'
import { archivedCountLabel } from './archived-count.ts'

describe('archivedCountLabel', () => {
  it('says contact for one and contacts otherwise', () => {
    expect(archivedCountLabel(0)).toBe('0 archived contacts')
    expect(archivedCountLabel(1)).toBe('1 archived contact')
    expect(archivedCountLabel(2)).toBe('2 archived contacts')
  })
})
